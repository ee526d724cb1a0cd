import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A dialog over the window: it takes the focus when it opens (unless a field inside asked for it),
 * Escape or a click outside closes it.
 */
export function ModalDialog({
  label,
  className,
  onClose,
  children,
}: {
  label: string;
  className: string;
  onClose(): void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
  }, []);
  return (
    <div className="overlay" onMouseDown={onClose}>
      <div
        ref={dialog}
        className={`dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || e.defaultPrevented) return;
          e.preventDefault();
          onClose();
        }}
      >
        {children}
      </div>
    </div>
  );
}
