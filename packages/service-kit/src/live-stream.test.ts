import { describe, expect, it } from 'vitest';
import { createUserListeners } from './live-stream.ts';

describe('createUserListeners', () => {
  it("hands each user's messages to that user's listeners only, until they stop or are cleared", () => {
    const listeners = createUserListeners<string>();
    const ada: string[] = [];
    const adaOtherTab: string[] = [];
    const bob: string[] = [];
    const stopAda = listeners.listen('ada', (message) => ada.push(message));
    listeners.listen('ada', (message) => adaOtherTab.push(message));
    listeners.listen('bob', (message) => bob.push(message));

    listeners.emit('ada', 'one');
    listeners.emit(null, 'for nobody');
    stopAda();
    listeners.emit('ada', 'two');
    listeners.clear();
    listeners.emit('bob', 'after clear');

    expect(ada).toEqual(['one']);
    expect(adaOtherTab).toEqual(['one', 'two']);
    expect(bob).toEqual([]);
  });
});
