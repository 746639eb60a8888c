import {
  ZAddLeadListMembersRequestSchema,
  ZLeadListMembersQuerySchema,
  ZLeadListNameRequestSchema,
  ZRemoveLeadListMembersRequestSchema,
} from '@prospector/contracts';
import { validated } from '@prospector/service-kit';

export const nameBody = validated('json', ZLeadListNameRequestSchema);
export const membersQuery = validated('query', ZLeadListMembersQuerySchema);
export const addMembersBody = validated('json', ZAddLeadListMembersRequestSchema);
export const removeMembersBody = validated('json', ZRemoveLeadListMembersRequestSchema);
