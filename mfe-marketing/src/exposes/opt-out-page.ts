import '../styles.css';

export { OptOutPage as default } from '../features/opt-out/components/opt-out-page.tsx';
