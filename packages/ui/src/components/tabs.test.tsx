import '../test-setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('Tabs', () => {
  it('switches content with the arrow keys', async () => {
    render(
      <Tabs defaultValue="sign-in">
        <TabsList aria-label="Account">
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">Welcome back</TabsContent>
        <TabsContent value="sign-up">Create your account</TabsContent>
      </Tabs>,
    );
    const signIn = screen.getByRole('tab', { name: 'Sign In' });
    const signUp = screen.getByRole('tab', { name: 'Sign Up' });
    expect(signIn.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Welcome back');

    act(() => signIn.focus());
    fireEvent.keyDown(signIn, { key: 'ArrowRight' });
    await waitFor(() => expect(signUp.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(signUp);
    expect(signIn.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel').textContent).toBe('Create your account');

    // Focus wraps around, so ArrowRight from the last tab returns to the first.
    fireEvent.keyDown(signUp, { key: 'ArrowRight' });
    await waitFor(() => expect(signIn.getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Welcome back');
  });
});
