export { marketingService } from './service.ts';
