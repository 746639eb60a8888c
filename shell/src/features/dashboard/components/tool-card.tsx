import { Button, Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@prospector/ui';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import type { LucideIcon } from 'lucide-react/types';
import { Link } from 'react-router-dom';

type ToolCardProps = { title: string; description: string; to: string; icon: LucideIcon; action: string };

export function ToolCard({ title, description, to, icon: Icon, action }: ToolCardProps) {
  return (
    <Card className="transition-shadow hover:shadow-md">
      <CardHeader className="flex-row items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">
            <h3>{title}</h3>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={to}>
            {action}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
