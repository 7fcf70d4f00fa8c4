import type { ComponentPropsWithRef } from 'react';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'default' | 'primary' | 'danger' | 'quiet';
  size?: 'normal' | 'small';
}

/** A button at least 44 px in both directions, so it is easy to hit with a finger. */
export function Button({
  variant = 'default',
  size = 'normal',
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    'button',
    variant !== 'default' && `button--${variant}`,
    size === 'small' && 'button--small',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}
