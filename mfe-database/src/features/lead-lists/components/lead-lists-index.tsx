import {
  APP_PATHS,
  LEAD_LIST_NAME_MAX_LENGTH,
  leadListHref,
  type TLeadList,
  ZLeadListNameSchema,
} from '@prospector/contracts';
import { Link } from '@prospector/router';
import {
  Button,
  Card,
  CardContent,
  Input,
  Label,
  LoadFailed,
  PageHeader,
  Skeleton,
  toast,
} from '@prospector/ui';
import { errorMessage, useLeadLists } from '@prospector/web-data';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import PlusIcon from 'lucide-react/icons/plus';
import { type FormEvent, useState } from 'react';
import { useCreateLeadList } from '../api/create-lead-list.ts';

export const LISTS_LOAD_FAILED = 'Unable to load your lists';
export const NO_LISTS_YET =
  'No lists yet. Create one here, or select records on the Database page or in a run’s results and choose “Add to list…”.';

/** "12 accounts · 9 with e-mail". */
export const listCounts = (list: Pick<TLeadList, 'memberCount' | 'withEmailCount'>) =>
  `${list.memberCount.toLocaleString('en-US')} account${list.memberCount === 1 ? '' : 's'} · ${list.withEmailCount.toLocaleString('en-US')} with e-mail`;

/** A list name as typed: checked with the contract's rule before `save`, and why it was refused, if it was. */
export function useListNameForm(
  initial: string,
  save: (name: string, refused: (error: unknown) => void) => void,
) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZLeadListNameSchema.safeParse(name);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) save(parsed.data, (error) => setProblem(errorMessage(error)));
  };
  return { name, setName, problem, submit };
}

export function LeadListsIndex() {
  const lists = useLeadLists();
  const creating = useCreateLeadList();
  const { name, setName, problem, submit } = useListNameForm('', (valid, refused) =>
    creating.mutate(valid, {
      onSuccess: (list) => {
        setName('');
        toast.success(`List “${list.name}” created`);
      },
      onError: refused,
    }),
  );

  return (
    <div className="flex min-w-0 flex-col gap-6 p-4 md:p-6">
      <PageHeader
        title="Lead lists"
        description="Named sets of your saved records: add them from the Database page or a run’s results, then export each list."
        actions={
          <Button variant="outline" asChild>
            <Link to={APP_PATHS.database}>
              <ArrowLeftIcon aria-hidden />
              Database
            </Link>
          </Button>
        }
      />
      <Card className="py-4">
        <CardContent className="px-4">
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Label htmlFor="new-list-name">New list</Label>
              <Input
                id="new-list-name"
                placeholder="e.g. Coffee roasters"
                maxLength={LEAD_LIST_NAME_MAX_LENGTH}
                value={name}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'new-list-problem' : undefined}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={creating.isPending}>
              <PlusIcon aria-hidden />
              Create list
            </Button>
          </form>
          {problem && (
            <p id="new-list-problem" role="alert" className="mt-2 text-sm text-destructive">
              {problem}
            </p>
          )}
        </CardContent>
      </Card>
      {lists.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-16 w-full" />
          ))}
        </div>
      ) : lists.isError ? (
        <LoadFailed onRetry={() => void lists.refetch()} className="rounded-xl border p-4">
          {LISTS_LOAD_FAILED}
        </LoadFailed>
      ) : lists.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {NO_LISTS_YET}
        </p>
      ) : (
        <ul aria-label="Your lead lists" className="flex flex-col gap-2">
          {lists.data.map((list) => (
            <li key={list.id}>
              <Link
                to={leadListHref(list.id)}
                className="flex flex-col gap-1 rounded-xl border p-4 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0 truncate font-medium">{list.name}</span>
                <span className="text-sm text-muted-foreground">{listCounts(list)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
