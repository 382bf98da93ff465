import { useEffect } from 'react';

export const SITE_NAME = 'Game Of Slavs';
export const SITE_DESCRIPTION =
  'Game Of Slavs: das mittelalterliche Festival im Harz. Geschichte, Musik, Häuser, Anreise, Unterkunft und Merchandising.';

type PageMeta = {
  /** Shown before the site name; the site name alone when omitted. */
  title?: string;
  description?: string;
};

const descriptionTag = (): HTMLMetaElement => {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const tag = document.createElement('meta');
  tag.name = 'description';
  document.head.append(tag);
  return tag;
};

/** Sets the document title and meta description while the calling page is shown. */
export const usePageTitle = ({ title, description = SITE_DESCRIPTION }: PageMeta = {}) => {
  useEffect(() => {
    const tag = descriptionTag();
    const previous = { title: document.title, description: tag.content };
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
    tag.content = description;
    return () => {
      document.title = previous.title;
      tag.content = previous.description;
    };
  }, [title, description]);
};
