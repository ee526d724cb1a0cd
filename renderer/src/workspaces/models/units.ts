/** Bytes as the Models workspace shows sizes: GiB with two decimals from 1 GiB, else whole MiB. */
export const size = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GiB` : `${Math.max(1, Math.round(bytes / 2 ** 20))} MiB`;
