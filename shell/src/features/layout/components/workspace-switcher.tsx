import { APP_PATHS } from '@prospector/contracts';
import { DropdownMenuCheckboxItem, DropdownMenuLabel, DropdownMenuSeparator, toast } from '@prospector/ui';
import { errorMessage } from '@prospector/web-data';
import { useNavigate } from 'react-router-dom';
import { useWorkspaces } from '../../../api/get-workspaces.ts';
import { useSwitchWorkspace } from '../../../api/switch-workspace.ts';

/**
 * The switch, held by the menu (which stays mounted) rather than by its items (gone once the menu
 * closes, and with them a mutation's callbacks).
 */
export function useWorkspaceSwitch() {
  const switchWorkspace = useSwitchWorkspace();
  const navigate = useNavigate();
  return {
    isPending: switchWorkspace.isPending,
    onSwitch: (id: string, name: string) =>
      switchWorkspace.mutate(id, {
        onSuccess: () => {
          toast.success(`Now working in ${name}`);
          navigate(APP_PATHS.dashboard);
        },
        onError: (error) => toast.error('Could not switch workspace', { description: errorMessage(error) }),
      }),
  };
}

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/**
 * The avatar menu's workspaces (docs/product.md §11), shown only to someone in more than one: each with
 * the role held there, the active one checked. Switching loads every page's data again, in every tab,
 * and starts from the dashboard (an open run or list belongs to the workspace left).
 */
export function WorkspaceSwitcher({ switcher }: { switcher: ReturnType<typeof useWorkspaceSwitch> }) {
  const workspaces = useWorkspaces();
  const list = workspaces.data?.workspaces ?? [];
  if (list.length < 2) return null;
  const { onSwitch, isPending } = switcher;

  return (
    <>
      <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Workspaces</DropdownMenuLabel>
      {list.map((workspace) => (
        <DropdownMenuCheckboxItem
          key={workspace.id}
          checked={workspace.active}
          disabled={isPending}
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
