export { databaseService } from './service.ts';
