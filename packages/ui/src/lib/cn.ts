import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets a caller's Tailwind classes override a component's defaults
 * (`cn('px-4', 'px-2')` keeps only `px-2`), so every component can accept `className`.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
