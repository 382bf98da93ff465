import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it('shows the exact heading, a hint and a link home', () => {
    render(<NotFoundRoute />, { route: '/gibt-es-nicht' });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^404 Page Not Found$/);
    expect(screen.getByText(/Diese Seite gibt es nicht\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Seite nicht gefunden | Game Of Slavs');
  });
});
