import { Label, Switch } from '@prospector/ui';

export const WEBSITE_LOOKUP_LABEL = 'Also look on linked websites';

/**
 * Whether runs started here also look for an e-mail on the websites a profile links to (its link, a
 * link-in-bio page and the site's contact pages) when the profile shows none. Same price: one credit,
 * only when an e-mail is found.
 */
export function WebsiteLookupToggle(props: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="mt-4 flex items-start gap-3 border-t pt-4">
      <Switch id="website-lookup" aria-describedby="website-lookup-description" {...props} />
      <div className="flex flex-col gap-0.5">
        <Label htmlFor="website-lookup">{WEBSITE_LOOKUP_LABEL}</Label>
        <p id="website-lookup-description" className="text-xs text-muted-foreground">
          When a profile shows no e-mail, look on the website it links to and its contact page. Still one
          credit, only when an e-mail is found.
        </p>
      </div>
    </div>
  );
}
