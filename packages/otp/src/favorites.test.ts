import { describe, expect, it } from 'vitest';
import { favoritesFirst } from './favorites.js';

describe('favoritesFirst', () => {
  it('puts favourites first in their own order, the others in the given order', () => {
    const list = [
      { id: 1 },
      { id: 2, favorite: true, favorite_order: 2 },
      { id: 3, favorite: false, favorite_order: null },
      { id: 4, favorite: true, favorite_order: 1 },
      { id: 5 },
    ];
    expect(favoritesFirst(list).map((a) => a.id)).toEqual([4, 2, 1, 3, 5]);
    expect(list.map((a) => a.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
