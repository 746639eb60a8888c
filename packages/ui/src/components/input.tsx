import { fieldClassName } from '../lib/class-names';
import { slotted } from '../lib/slotted';

export const Input = slotted(
  'input',
  'input',
  fieldClassName,
  'h-9 py-1',
  'file:mr-3 file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium',
);
