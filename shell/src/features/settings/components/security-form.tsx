import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Input,
} from '@prospector/ui';
import { FormField } from '../../../components/form-field.tsx';

/** The Security tab: a password change only (spec §2). Saving is wired with the account service. */
export function SecurityForm() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Change Password</h2>
        </CardTitle>
        <CardDescription>
          At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special
          character.
        </CardDescription>
      </CardHeader>
      <form onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-6">
        <CardContent className="grid max-w-md gap-4">
          <FormField id="security-new-password" label="New password">
            <Input
              id="security-new-password"
              name="new_password"
              type="password"
              autoComplete="new-password"
            />
          </FormField>
          <FormField id="security-confirm-password" label="Confirm new password">
            <Input
              id="security-confirm-password"
              name="confirm_password"
              type="password"
              autoComplete="new-password"
            />
          </FormField>
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <Button type="submit" disabled>
            Update Password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
