import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hero } from './hero';

// The landing's hero (docs/decisions/170): a campaign's photo full-bleed above the pitch, the page's
// first picture fetched first and sized before it loads; the illustration where there is none.

const photo = {
  alt: 'Friends sharing a thermos of tea on a frosty morning at the beach',
  width: 1920,
  height: 800,
  url: '/api/campaign/1/photo?format=webp&w=1920&v=abc',
  avif: '/api/campaign/1/photo?format=avif&w=640&v=abc 640w, /api/campaign/1/photo?format=avif&w=1280&v=abc 1280w, /api/campaign/1/photo?format=avif&w=1920&v=abc 1920w',
  webp: '/api/campaign/1/photo?format=webp&w=640&v=abc 640w, /api/campaign/1/photo?format=webp&w=1280&v=abc 1280w, /api/campaign/1/photo?format=webp&w=1920&v=abc 1920w',
};

describe('the landing’s hero', () => {
  it('shows the campaign’s photo with its description, AVIF then WebP, fetched first, and no illustration', () => {
    const { container } = render(
      <Hero country="NZ" photo={photo}>
        <p>countdown</p>
      </Hero>,
    );
    const img = screen.getByRole('img', { name: photo.alt });
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    // AVIF first, the img's own srcset WebP; no sizes: with w descriptors the browser takes 100vw, the full-bleed width.
    const sources = [...container.querySelectorAll('.hero > picture source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset'), s.getAttribute('sizes')]);
    expect(sources).toEqual([['image/avif', photo.avif, null]]);
    expect(img).toHaveAttribute('srcset', photo.webp);
    expect(img).not.toHaveAttribute('sizes');
    // The illustration gives way (hidden by landing.css: `.hero > picture + .hero-inner > .hero-art`).
    expect(container.querySelector('.hero > picture + .hero-inner > .hero-art')).not.toBeNull();
    // Full-bleed: the picture is the hero band's own child, outside the content's width.
    expect(img.closest('picture')!.parentElement).toHaveClass('hero');
  });

  it('keeps the illustration for a campaign without a photo', () => {
    const { container } = render(
      <Hero country="UK" photo={null}>
        <p>countdown</p>
      </Hero>,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img.hero-art')).toHaveAttribute('src', '/illustrations/hero.svg');
  });
});
