import { APP_PATHS, TRIAL } from '@prospector/contracts';
import { Link } from '@prospector/router';
import { Badge, Button } from '@prospector/ui';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import CheckIcon from 'lucide-react/icons/check';

const HIGHLIGHTS = ['No card needed for the trial', 'One credit per e-mail found', 'Export to CSV'] as const;

export function HeroSection() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-4xl rounded-full bg-primary/15 blur-3xl"
      />
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-6 pt-20 pb-16 text-center md:pt-28">
        {/* One text node, as the prerendered HTML has it: text split into several shapes a pixel differently. */}
        <Badge variant="secondary" className="px-3 py-1 text-sm">
          {`${TRIAL.days}-day free trial · ${TRIAL.credits} free credits`}
        </Badge>
        <h1 className="text-4xl font-bold tracking-tight text-balance md:text-6xl">
          Extract public e-mails from <span className="text-primary">Instagram accounts</span>
        </h1>
        <p className="max-w-2xl text-lg text-balance text-muted-foreground">
          Turn usernames and keywords into contact lists for your outreach. Prospector finds the public e-mail
          and profile data of each account, and you pay only when an e-mail is found.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={APP_PATHS.auth}>
              Start Free Trial
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="#pricing">See pricing</a>
          </Button>
        </div>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
          {HIGHLIGHTS.map((item) => (
            <li key={item} className="flex items-center gap-1.5">
              <CheckIcon className="size-4 text-success" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
