import { ZOnboardingAnswersSchema, ZProfileUpdateSchema } from '@prospector/contracts';
import { validated } from '@prospector/service-kit';

export const profileUpdateBody = validated('json', ZProfileUpdateSchema);
export const onboardingAnswersBody = validated('json', ZOnboardingAnswersSchema);
