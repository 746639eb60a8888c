import '../styles.css';

export { InfoExtractorPage as default } from '../features/info-extractor/components/info-extractor-page.tsx';
