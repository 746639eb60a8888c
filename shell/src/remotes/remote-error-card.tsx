import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@prospector/ui';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import TriangleAlertIcon from 'lucide-react/icons/triangle-exclamation-point';

type RemoteErrorCardProps = {
  /** What failed, in the user's words ("the database"), shown in the description. */
  section: string;
  reason: string;
  onRetry: () => void;
};

export function RemoteErrorCard({ section, reason, onRetry }: RemoteErrorCardProps) {
  return (
    <div className="flex w-full justify-center px-4 py-12">
      <Card role="alert" className="w-full max-w-md">
        <CardHeader className="items-start">
          <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <TriangleAlertIcon className="size-5" aria-hidden />
          </span>
          <CardTitle className="text-lg">
            <h2>This section couldn't load</h2>
          </CardTitle>
          <CardDescription>
            Something went wrong while loading {section}. The rest of Prospector still works.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <p className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-words text-muted-foreground">
            {reason}
          </p>
        </CardContent>
        <CardFooter>
          <Button onClick={onRetry}>
            <RefreshCwIcon aria-hidden />
            Try again
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
