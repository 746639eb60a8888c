export { accountService } from './service.ts';
