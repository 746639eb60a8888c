import { APP_PATHS } from '@prospector/contracts';
import { Button, cn } from '@prospector/ui';
import HomeIcon from 'lucide-react/icons/house';
import { Link } from 'react-router-dom';

/**
 * docs/product.md §2 "any other path". Inside the dashboard (`inApp`) it sits in the app frame, whose
 * sidebar and top bar stay, and home is the dashboard; elsewhere it is the whole page and home is `/`.
 */
export function NotFoundPage({ inApp = false }: { inApp?: boolean }) {
  const Wrapper = inApp ? 'div' : 'main';
  return (
    <Wrapper
      className={cn(
        'flex flex-col items-center justify-center gap-4 px-4 text-center',
        inApp ? 'flex-1 py-16' : 'min-h-screen bg-muted/40',
      )}
    >
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        The address may be mistyped, or the page may have moved.
      </p>
      <Button asChild>
        <Link to={inApp ? APP_PATHS.dashboard : APP_PATHS.landing}>
          <HomeIcon aria-hidden />
          Return to Home
        </Link>
      </Button>
    </Wrapper>
  );
}
