import { isRoleEmail, type TExtractionData } from '@prospector/contracts';

const MAX_INT = 2_147_483_647;
const count = (value: number | null) => (value !== null && value <= MAX_INT ? value : null);

/** The typed copies of a profile's filterable and listed fields (see the schema), from data already read. */
export function typedColumns(data: TExtractionData) {
  return {
    fullName: data.full_name,
    publicEmail: data.public_email,
    emailRole: data.public_email ? isRoleEmail(data.public_email) : null,
    followerCount: count(data.follower_count),
    followingCount: count(data.following_count),
    mediaCount: count(data.media_count),
    isVerified: data.is_verified,
    isPrivate: data.is_private,
    category: data.category,
    biography: data.biography,
    otherEmails: data.other_emails ?? [],
  };
}
