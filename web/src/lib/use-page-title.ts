import { useEffect } from 'react';

export const SITE_NAME = 'Game Of Slavs';
export const SITE_DESCRIPTION =
  'Game Of Slavs: das mittelalterliche Festival im Harz. Geschichte, Musik, Häuser, Anreise, Unterkunft und Merchandising.';

type PageMeta = {
  /** Shown before the site name; the site name alone when omitted. */
  title?: string;
  description?: string;
  /** Preview image for shared links (og:image); a path on this site or an absolute URL. */
  image?: string | null;
};

type MetaKey = { attribute: 'name' | 'property'; key: string };

const metaTag = ({ attribute, key }: MetaKey): HTMLMetaElement => {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (existing) return existing;
  const tag = document.createElement('meta');
  tag.setAttribute(attribute, key);
  document.head.append(tag);
  return tag;
};

// Link previews (messengers, social networks) need an absolute address.
const absoluteUrl = (url: string) => new URL(url, window.location.origin).href;

/**
 * Sets the document title, meta description and OpenGraph tags while the calling page is
 * shown, and puts back what was there before when it goes.
 */
export const usePageTitle = ({ title, description = SITE_DESCRIPTION, image }: PageMeta = {}) => {
  useEffect(() => {
    const fullTitle = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
    const wanted: [MetaKey, string | null][] = [
      [{ attribute: 'name', key: 'description' }, description],
      [{ attribute: 'property', key: 'og:title' }, fullTitle],
      [{ attribute: 'property', key: 'og:description' }, description],
      [{ attribute: 'property', key: 'og:url' }, window.location.href],
      [{ attribute: 'property', key: 'og:image' }, image ? absoluteUrl(image) : null],
    ];

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
