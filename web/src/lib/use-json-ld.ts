import { useEffect } from 'react';

/**
 * Puts structured data (schema.org JSON-LD) into the document head while the calling page is
 * shown. Written as text content, so nothing in the data can end the script element early.
 */
export const useJsonLd = (data: Record<string, unknown> | null) => {
  const json = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (json === null) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = json;
    document.head.append(script);
    return () => script.remove();
  }, [json]);
};
