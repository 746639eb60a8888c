import { LabelledSelect } from '@prospector/ui';

/** A filter of the database page: a labelled choice from a short list. */
export const FilterSelect = LabelledSelect;
