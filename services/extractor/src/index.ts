export { extractorService } from './service.ts';
