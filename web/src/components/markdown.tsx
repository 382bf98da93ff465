import { Typography } from '@mantine/core';
import type { Root } from 'mdast';
import { useContext, type AnchorHTMLAttributes, type ImgHTMLAttributes, type InputHTMLAttributes } from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';
import { isExternalUrl, safeHref } from '@/lib/safe-url';
import { siteOrigin } from '@/lib/site-origin';
import classes from './markdown.module.css';
import { MarkdownParserContext } from './markdown-parsing';
import { remarkUnderline } from './remark-underline';

// A dropped address gives null, so the attribute never reaches the DOM (DECISIONS §4).
const urlTransform: UrlTransform = (url) => safeHref(url);

function MarkdownLink({ href, children, node: _node, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown }) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  if (isExternalUrl(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

// A task list in a product description is a list of features, not a form: a checked line gets a
// tick, an open one a plain bullet, and neither is a control anyone could try to click.
function TaskMark({ checked }: InputHTMLAttributes<HTMLInputElement> & { node?: unknown }) {
  return (
    <span className={classes.mark} data-checked={checked ? '' : undefined} aria-hidden="true">
      {checked ? '✓' : '•'}
    </span>
  );
}

/** Only pictures of this site (the media library): an image from elsewhere would tell another site who reads the page. */
const isOwnAddress = (src: string) => (src.startsWith('/') && !src.startsWith('//')) || src.startsWith(`${siteOrigin()}/`);

function MarkdownImage({ src, alt, title }: ImgHTMLAttributes<HTMLImageElement> & { node?: unknown }) {
  if (typeof src !== 'string' || !isOwnAddress(src)) return alt ? <span>{alt}</span> : null;
  return <img src={src} alt={alt ?? ''} title={title} loading="lazy" decoding="async" />;
}

const components: Components = { a: MarkdownLink, input: TaskMark, img: MarkdownImage };

const parsedHere = [remarkGfm, remarkUnderline];
/** A remark plugin that hands react-markdown a tree parsed elsewhere (markdown-tree.ts), in place of parsing its text. */
const parsedElsewhere = (tree: Root) => [() => () => tree];

type MarkdownProps = {
  /** Markdown text from the cms; raw HTML in it is dropped, never rendered. */
  children: string;
  className?: string;
  id?: string;
};

/**
 * Renders cms markdown (GitHub flavour) as typography: everything the panel's markdown toolbar
 * writes (headings, bold, italic, underline, strikethrough, code, quotes, lists, links, images),
 * no other raw HTML, only safe link targets. The text is parsed where MarkdownParserContext says
 * (in a worker on the server, with a time bound); one it could not parse in bounds is shown as
 * plain text, its line breaks kept.
 */
export function Markdown({ children, className, id }: MarkdownProps) {
  const outcome = useContext(MarkdownParserContext)(children);
  const rootClass = className ? `${classes.root} ${className}` : classes.root;
  if (outcome === 'plain') {
    return (
      <Typography id={id} className={rootClass}>
        <p className={classes.plain}>{children}</p>
      </Typography>
    );
  }
  return (
    <Typography id={id} className={rootClass}>
      <ReactMarkdown
        remarkPlugins={outcome ? parsedElsewhere(outcome) : parsedHere}
        skipHtml
        urlTransform={urlTransform}
        components={components}
      >
        {outcome ? '' : children}
      </ReactMarkdown>
    </Typography>
  );
}
