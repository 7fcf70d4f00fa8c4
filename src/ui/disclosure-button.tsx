import type { ReactNode } from 'react';
import { Button } from './button';

/** A quiet button that opens and closes what it controls, and says which it is. */
export function DisclosureButton({
  open,
  controls,
  onToggle,
  className,
  children,
}: {
  open: boolean;
  controls: string;
  onToggle(): void;
  className: string;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variant="quiet"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      {children}
    </Button>
  );
}
