import { APP_PATHS } from '@prospector/contracts';
import { Button } from '@prospector/ui';
import HomeIcon from 'lucide-react/icons/house';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 px-4 text-center">
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The address may be mistyped, or the page may have moved.
      </p>
      <Button asChild>
        <Link to={APP_PATHS.landing}>
          <HomeIcon aria-hidden />
          Return to Home
        </Link>
      </Button>
    </main>
  );
}
