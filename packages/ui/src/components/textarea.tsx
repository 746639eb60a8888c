import { fieldClassName } from '../lib/class-names';
import { slotted } from '../lib/slotted';

export const Textarea = slotted('textarea', 'textarea', fieldClassName, 'min-h-20 py-2');
