export * from './add-to-list-dialog.tsx';
export * from './plan-offers.tsx';
export * from './signed-in-only.tsx';
