import { APP_PATHS, TRIAL } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Button } from '@prospector/ui';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-heading" className="px-6 py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance md:text-4xl">
          Start building your lead list today
        </h2>
        <p className="max-w-xl text-balance text-primary-foreground/85">
          {TRIAL.credits} free credits and {TRIAL.days} days to try every tool. You only pay for the e-mails
          we find.
        </p>
        <Button asChild size="lg" variant="secondary">
          <Link to={APP_PATHS.auth}>
            Start Free Trial
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
