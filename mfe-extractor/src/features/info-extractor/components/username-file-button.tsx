import { Button, toast } from '@prospector/ui';
import FileUpIcon from 'lucide-react/icons/file-up';
import { type ChangeEvent, useRef } from 'react';
import {
  MAX_USERNAME_FILE_BYTES,
  USERNAME_FILE_ACCEPT,
  usernamesFromFile,
} from '../lib/usernames-from-file.ts';

/**
 * "Load from file": a real button (focusable, Enter/Space) that opens the file picker of a hidden
 * input, so the control looks and behaves like the others. The file never leaves the browser.
 */
export function UsernameFileButton({ onLoad }: { onLoad: (text: string) => void }) {
  const input = useRef<HTMLInputElement>(null);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_USERNAME_FILE_BYTES) {
      toast.error('The file is too large', {
        description: `A usernames file can be up to ${MAX_USERNAME_FILE_BYTES / 1024} KB.`,
      });
      return;
    }
    try {
      onLoad(usernamesFromFile(await file.text()));
    } catch {
      toast.error('The file could not be read');
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={USERNAME_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="usernames-file"
        onChange={(event) => void read(event)}
      />
      <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
        <FileUpIcon aria-hidden />
        Load from file
      </Button>
    </>
  );
}
