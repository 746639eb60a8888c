import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Input,
} from '@prospector/ui';
import { useId } from 'react';
import { FormField } from '../../../components/form-field.tsx';

type EmailDialogProps = {
  trigger: string;
  title: string;
  description: string;
  submit: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** The reset and resend dialogs (spec §2) share this shape: one email field and one action. */
export function EmailDialog({ trigger, title, description, submit, open, onOpenChange }: EmailDialogProps) {
  const emailId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto p-0">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
          <FormField id={emailId} label="Email">
            <Input id={emailId} name="email" type="email" autoComplete="email" required />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled>
              {submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
