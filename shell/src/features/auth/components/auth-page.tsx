import { APP_PATHS, planInState } from '@prospector/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  SectionCard,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@prospector/ui';
import { readStoredPlan, storePlan } from '@prospector/web-data';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import CircleAlertIcon from 'lucide-react/icons/circle-exclamation-point';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { readPendingInvitation } from '../../../lib/pending-invitation.ts';
import { authIntentInState } from '../../../lib/pending-invitation-store.ts';
import { ResendConfirmationDialog } from './email-dialog.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** docs/product.md §8: the expired-link message as /auth shows it. */
const EXPIRED_LINK_MESSAGE = 'Email verification link has expired. Please request a new one.';

export function AuthPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const statePlan = planInState(location.state);
  const plan = (statePlan ?? readStoredPlan())?.label;
  // Sent here by an invitation's page: its tab, its address, its workspace named (docs/product.md §11).
  const intent = authIntentInState(location.state);
  const joining = intent ? readPendingInvitation()?.workspaceName : undefined;
  const [tab, setTab] = useState<string>(intent?.tab ?? (plan ? 'sign-up' : 'sign-in'));
  const error = searchParams.get('error_description') ?? searchParams.get('error');
  const linkExpired = error !== null && /expired/i.test(error);

  // Kept across the verification e-mail round trip; the callback picks it up (docs/product.md §3 local storage).
  useEffect(() => {
    if (statePlan) storePlan(statePlan);
  }, [statePlan]);

  return (
    <main className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-8">
      <div className="flex w-full max-w-md flex-col gap-6">
        <Button asChild variant="ghost" className="self-start">
          <Link to={APP_PATHS.landing}>
            <ArrowLeftIcon aria-hidden />
            Back to Home
          </Link>
        </Button>
        <SectionCard
          centered
          aboveTitle={<ProductLogo />}
          heading="h1"
          title={
            joining
              ? `Join ${joining} on Prospector`
              : plan
                ? `Get started with ${plan}`
                : 'Welcome to Prospector'
          }
          description={
            joining
              ? 'Sign in, or create your account with the invited address: you then land in the workspace.'
              : plan
                ? 'Start with your Free Trial: 25 free credits, then continue on your chosen plan.'
                : 'Sign in to your account, or create one and get 25 free credits.'
          }
          contentClassName="flex flex-col gap-4"
        >
          {error && (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden />
              <AlertTitle>{linkExpired ? 'Link expired' : 'Something went wrong'}</AlertTitle>
              <AlertDescription>
                <p>{linkExpired ? EXPIRED_LINK_MESSAGE : error}</p>
                {linkExpired && <ResendConfirmationDialog trigger="Resend confirmation email" />}
              </AlertDescription>
            </Alert>
          )}
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="w-full">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in" className="pt-2">
              <SignInForm initialEmail={intent?.email} />
            </TabsContent>
            <TabsContent value="sign-up" className="pt-2">
              <SignUpForm initialEmail={intent?.email} />
            </TabsContent>
          </Tabs>
        </SectionCard>
      </div>
    </main>
  );
}
