import '../test-setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Badge } from './badge';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces its label as a status', () => {
    render(<Spinner label="Verifying your account" />);
    expect(screen.getByRole('status').textContent).toBe('Verifying your account');
  });
});

describe('Alert', () => {
  it('renders title and description in an alert, with a destructive variant', () => {
    render(
      <Alert variant="destructive">
        <AlertTitle>Verification Failed</AlertTitle>
        <AlertDescription>The link has expired.</AlertDescription>
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Verification Failed');
    expect(alert.textContent).toContain('The link has expired.');
    expect(alert.className).toContain('text-destructive');
  });
});

describe('Badge', () => {
  it('renders the low-credit and success variants', () => {
    render(
      <>
        <Badge variant="destructive">8 credits</Badge>
        <Badge variant="success">Active</Badge>
      </>,
    );
    expect(screen.getByText('8 credits').className).toContain('bg-destructive');
    expect(screen.getByText('Active').className).toContain('bg-success');
  });
});
