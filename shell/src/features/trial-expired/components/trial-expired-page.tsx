import { PAID_PLANS } from '@prospector/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@prospector/ui';
import { CheckIcon, ClockAlertIcon, MailIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { ProductLogo } from '../../../components/product-logo.tsx';
import { planKey, SUPPORT_EMAIL } from '../../../lib/plans.ts';

/** Spec §2 "Trial expired screen": shown instead of any gated page once the trial is over. */
export function TrialExpiredPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen flex-col items-center bg-muted/40 px-4 py-10">
      <div className="flex w-full max-w-5xl flex-col items-center gap-8">
        <ProductLogo />
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ClockAlertIcon className="size-6" aria-hidden />
          </span>
          <h1 className="text-3xl font-semibold tracking-tight">Trial Period Expired</h1>
          <p className="max-w-xl text-muted-foreground">
            Your 15-day free trial has ended. Choose a plan to keep extracting e-mails and to keep access to
            your saved extractions.
          </p>
        </div>
        <div className="grid w-full gap-6 md:grid-cols-3">
          {PAID_PLANS.map((plan) => (
            <Card key={plan.id} className={plan.mostPopular ? 'border-primary shadow-md' : undefined}>
              <CardHeader className="gap-2">
                <div className="flex items-center justify-between">
                  <CardTitle>
                    <h2 className="text-lg">{plan.label}</h2>
                  </CardTitle>
                  {plan.mostPopular && <Badge>Most Popular</Badge>}
                </div>
                <CardDescription>
                  <span className="text-3xl font-bold text-foreground">${plan.priceCents / 100}</span> / month
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-2 text-sm">
                  <li className="flex items-center gap-2">
                    <CheckIcon className="size-4 text-primary" aria-hidden />
                    {plan.credits.toLocaleString('en-US')} extractions per month
                  </li>
                  <li className="flex items-center gap-2">
                    <CheckIcon className="size-4 text-primary" aria-hidden />
                    One credit only when an e-mail is found
                  </li>
                </ul>
              </CardContent>
              <CardFooter>
                <Button
                  className="w-full"
                  variant={plan.mostPopular ? 'default' : 'outline'}
                  onClick={() => navigate('/pricing', { state: { selectedPlan: planKey(plan) } })}
                >
                  Choose {plan.label}
                </Button>
              </CardFooter>
            </Card>
          ))}
        </div>
        <p className="flex flex-wrap items-center justify-center gap-2 text-sm text-muted-foreground">
          Need a larger volume or an invoice?
          <Button asChild variant="link" className="h-auto p-0">
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <MailIcon aria-hidden />
              Contact Sales
            </a>
          </Button>
        </p>
      </div>
    </main>
  );
}
