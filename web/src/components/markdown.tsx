import { Typography } from '@mantine/core';
import type { AnchorHTMLAttributes, InputHTMLAttributes } from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';
import { isExternalUrl, safeHref } from '@/lib/safe-url';
import classes from './markdown.module.css';

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

// A task list's checkbox has no text of its own; screen readers hear its state instead.
function TaskCheckbox({ node: _node, ...rest }: InputHTMLAttributes<HTMLInputElement> & { node?: unknown }) {
  return <input {...rest} aria-label={rest.checked ? 'Erledigt' : 'Offen'} />;
}

const components: Components = { a: MarkdownLink, input: TaskCheckbox };

type MarkdownProps = {
  /** Markdown text from the cms; raw HTML in it is dropped, never rendered. */
  children: string;
  className?: string;
};

/** Renders cms markdown (GitHub flavour) as typography: no raw HTML, only safe link targets. */
export function Markdown({ children, className }: MarkdownProps) {
  return (
    <Typography className={className ? `${classes.root} ${className}` : classes.root}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={urlTransform}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
