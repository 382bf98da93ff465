import { createContext, useContext, useEffect } from 'react';
import { siteOrigin } from './site-origin';

export const SITE_NAME = 'Game Of Slavs';
export const SITE_DESCRIPTION =
  'Game Of Slavs: das mittelalterliche Festival im Harz. Geschichte, Musik, Häuser, Anreise, Unterkunft und Merchandising.';

type PageMeta = {
  /** Shown before the site name; the site name alone when omitted. */
  title?: string;
  description?: string;
  /** Preview image for shared links (og:image); a path on this site or an absolute URL. */
  image?: string | null;
  /** The page says that what was asked for does not exist: the server answers it with 404. */
  notFound?: boolean;
};

export type MetaKey = { attribute: 'name' | 'property'; key: string };

/** A page's title and meta tags; a null content removes the tag. */
export type PageHead = { title: string; meta: [MetaKey, string | null][]; notFound?: boolean };

/**
 * Given while a page is rendered on the server: receives the page's head, which the server
 * writes into the HTML, so link previews and search engines see it without running scripts.
 */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

const metaTag = ({ attribute, key }: MetaKey): HTMLMetaElement => {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (existing) return existing;
  const tag = document.createElement('meta');
  tag.setAttribute(attribute, key);
  document.head.append(tag);
  return tag;
};

// Link previews (messengers, social networks) need an absolute address.
const absoluteUrl = (url: string) => new URL(url, siteOrigin()).href;

const pageHead = ({ title, description = SITE_DESCRIPTION, image, notFound }: PageMeta, pageUrl: string): PageHead => {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  return {
    title: fullTitle,
    notFound,
    meta: [
      [{ attribute: 'name', key: 'description' }, description],
      [{ attribute: 'property', key: 'og:title' }, fullTitle],
      [{ attribute: 'property', key: 'og:description' }, description],
      [{ attribute: 'property', key: 'og:url' }, pageUrl],
      [{ attribute: 'property', key: 'og:image' }, image ? absoluteUrl(image) : null],
    ],
  };
};

/**
 * Sets the document title, meta description and OpenGraph tags while the calling page is
 * shown, and puts back what was there before when it goes. On the server it hands them to
 * the page being rendered (PageHeadContext).
 */
export const usePageTitle = (page: PageMeta = {}) => {
  const { title, description, image } = page;
  const reportHead = useContext(PageHeadContext);
  // The server writes og:url itself: it knows the address asked for.
  reportHead?.(pageHead(page, ''));

  useEffect(() => {
    // The canonical address, as the server writes it: without the query string or the fragment.
    const pageUrl = `${window.location.origin}${window.location.pathname}`;
    const { title: fullTitle, meta: wanted } = pageHead({ title, description, image }, pageUrl);

    const previousTitle = document.title;
    document.title = fullTitle;
    const restore = wanted.map(([key, content]) => {
      const existed = document.head.querySelector(`meta[${key.attribute}="${key.key}"]`) !== null;
      const tag = metaTag(key);
      const previous = tag.content;
      if (content === null) tag.remove();
      else tag.content = content;
      return () => {
        if (!existed) tag.remove();
        else {
          tag.content = previous;
          if (!tag.isConnected) document.head.append(tag);
        }
      };
    });

    return () => {
      document.title = previousTitle;
      for (const undo of restore) undo();
    };
  }, [title, description, image]);
};
