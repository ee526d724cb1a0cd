import { create } from 'zustand';

interface ChecksState {
  /**
   * Whether the checks ran over every trajectory (not cancelled) since this window last imported
   * any: then a trajectory without findings is one the checks found nothing on, not an unchecked one.
   */
  checkedAll: boolean;
  setCheckedAll(checkedAll: boolean): void;
}

/** What this window knows about the checks having run; kept across workspace switches. */
export const useChecksState = create<ChecksState>()((set) => ({
  checkedAll: false,
  setCheckedAll: (checkedAll) => set({ checkedAll }),
}));
