import {
  LEAD_LIST_NAME_MAX_LENGTH,
  leadListAddedMessage,
  type TAddLeadListMembersRequest,
  type TAddLeadListMembersResponse,
  type TLeadList,
  ZLeadListNameSchema,
} from '@prospector/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  LoadFailed,
  Skeleton,
  toast,
} from '@prospector/ui';
import {
  addToLeadList,
  createLeadList,
  EXTRACTION_STATS_QUERY_KEY,
  errorMessage,
  useLeadLists,
} from '@prospector/web-data';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';

const NEW_LIST = 'new';

export type AddToListDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which saved records to add: ids (a selection), usernames (a run's results) or a whole run. */
  records: TAddLeadListMembersRequest;
  /** What is being added, for the description: "3 records", "every account this run saved". */
  what: string;
  onAdded?: (list: TLeadList, result: TAddLeadListMembersResponse) => void;
};

/**
 * "Add to list…": choose one of the user's lead lists or create one, then add the records. Used by the
 * Database page (a selection) and the info extractor (a run's results, or all the run saved).
 */
export function AddToListDialog({ open, onOpenChange, records, what, onAdded }: AddToListDialogProps) {
  const queryClient = useQueryClient();
  const lists = useLeadLists(open);
  const [choice, setChoice] = useState<string>(NEW_LIST);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const groupId = useId();

  // Opening again starts over; with lists, the newest is chosen, else a new one.
  const firstListId = lists.data?.[0]?.id;
  useEffect(() => {
    if (!open) return;
    setProblem(null);
    setName('');
    setChoice(firstListId ?? NEW_LIST);
  }, [open, firstListId]);

  const adding = useMutation({
    mutationFn: async () => {
      let list = lists.data?.find((candidate) => candidate.id === choice);
      if (!list) list = await createLeadList(ZLeadListNameSchema.parse(name));
      return { list, result: await addToLeadList(list.id, records) };
    },
    onSuccess: ({ list, result }) => {
      // The counts, and the accounts that had no saved record to add.
      const message = leadListAddedMessage(list.name, result);
      toast.success(
        result.notSaved > 0
          ? `${message} (${result.notSaved} not saved in your database, so not added)`
          : message,
      );
      onOpenChange(false);
      onAdded?.(list, result);
    },
    onError: (error) => setProblem(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [EXTRACTION_STATS_QUERY_KEY[0]] }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === NEW_LIST) {
      const parsed = ZLeadListNameSchema.safeParse(name);
      if (!parsed.success) {
        setProblem(parsed.error.issues[0]?.message ?? 'Please enter a list name');
        return;
      }
    }
    setProblem(null);
    adding.mutate();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Add to list</DialogTitle>
            <DialogDescription>
              Add {what} to a lead list. A list never holds an account twice.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={groupId}>
            <legend id={groupId} className="mb-1 text-sm font-medium">
              List
            </legend>
            {lists.isPending ? (
              <div aria-busy="true" className="flex flex-col gap-2">
                <Skeleton className="h-8 w-full" />
                <Skeleton className="h-8 w-full" />
              </div>
            ) : lists.isError ? (
              <LoadFailed onRetry={() => void lists.refetch()}>Unable to load your lists</LoadFailed>
            ) : (
              <div className="flex max-h-56 flex-col gap-1 overflow-y-auto">
                {lists.data.map((list) => (
                  <ListChoice
                    key={list.id}
                    value={list.id}
                    choice={choice}
                    onChoose={setChoice}
                    name={list.name}
                  >
                    <span className="text-xs text-muted-foreground">{list.memberCount}</span>
                  </ListChoice>
                ))}
                <ListChoice value={NEW_LIST} choice={choice} onChoose={setChoice} name="New list" />
              </div>
            )}
          </fieldset>
          {choice === NEW_LIST && !lists.isPending && !lists.isError && (
            <div className="flex flex-col gap-2">
              <Label htmlFor={nameId}>New list name</Label>
              <Input
                id={nameId}
                value={name}
                maxLength={LEAD_LIST_NAME_MAX_LENGTH}
                placeholder="e.g. Coffee roasters"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={problem !== null}
              />
            </div>
          )}
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={adding.isPending || lists.isPending || lists.isError}>
              {adding.isPending ? 'Adding…' : 'Add to list'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One choice of the dialog's radio group: a list (with its count as `children`) or "New list". */
function ListChoice({
  value,
  choice,
  onChoose,
  name,
  children,
}: {
  value: string;
  choice: string;
  onChoose: (value: string) => void;
  name: string;
  children?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
      <input
        type="radio"
        name="lead-list"
        value={value}
        checked={choice === value}
        onChange={() => onChoose(value)}
        className="accent-primary"
      />
      <span className="min-w-0 flex-1 truncate">{name}</span>
      {children}
    </label>
  );
}
