import { APP_PATHS } from '@prospector/contracts';
import { DropdownMenuCheckboxItem, DropdownMenuLabel, DropdownMenuSeparator, toast } from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { useNavigate } from 'react-router-dom';
import { useSwitchWorkspace, useWorkspaces } from '../../../api/workspaces.ts';

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/**
 * The avatar menu's workspaces (docs/product.md §11), shown only to someone in more than one: each with
 * the role held there, the active one checked. Switching loads every page's data again, in every tab,
 * and starts from the dashboard (an open run or list belongs to the workspace left).
 */
export function WorkspaceSwitcher() {
  const workspaces = useWorkspaces();
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  const list = workspaces.data?.workspaces ?? [];
  if (list.length < 2) return null;

  const onSwitch = (id: string, name: string) =>
    switchWorkspace.mutate(id, {
      onSuccess: () => {
        toast.success(`Now working in ${name}`);
        navigate(APP_PATHS.dashboard);
      },
      onError: (error) => toast.error('Could not switch workspace', { description: errorMessage(error) }),
    });

  return (
    <>
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Workspaces</DropdownMenuLabel>
      {list.map((workspace) => (
        <DropdownMenuCheckboxItem
          key={workspace.id}
          checked={workspace.active}
          disabled={switchWorkspace.isPending}
          onSelect={() => {
            if (!workspace.active) onSwitch(workspace.id, workspace.name);
          }}
          data-testid="workspace-option"
        >
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate">{workspace.name}</span>
            <span className="text-xs text-muted-foreground">
              {workspace.personal ? 'Personal · ' : ''}
              {ROLE_LABELS[workspace.role]}
            </span>
          </span>
        </DropdownMenuCheckboxItem>
      ))}
      <DropdownMenuSeparator />
    </>
  );
}
