import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { render, screen } from '@/testing/render';
import { SITE_TEXT_DEFAULTS, type SiteContent } from '@contract/site-content';
import { siteContentQueryOptions, type Festival } from '../api/get-site-content';
import { FestivalHero } from './festival-hero';

const festival: Festival = {
  name: 'Slawenfest im Harz',
  edition: 'Sechste Ausgabe',
  motto: 'Game Of Slavs',
  startDate: '2025-07-24',
  endDate: '2025-07-28',
  story: 'Einmal im Jahr ziehen die Häuser in den Harz.',
  logo: {
    url: '/uploads/wappen.png',
    alternativeText: 'Wappen des Festivals',
    width: 800,
    height: 800,
    formats: { small: { url: '/uploads/small_wappen.png', width: 500, height: 500 } },
  },
  paymentText: null,
  paymentUrl: null,
  whatsappGroupUrl: null,
  contactEmail: null,
  travelAddress: null,
  travelCar: null,
  travelTrain: null,
  travelParking: null,
  mapImage: null,
  mapsUrl: null,
  accommodationText: null,
  accommodationBedrooms: 8,
  accommodationGuests: 24,
  accommodationGroundsM2: 5000,
  scheduleText: null,
  seoDescription: null,
  shareImage: null,
  ...SITE_TEXT_DEFAULTS,
};

const siteContent = (data: Festival): SiteContent => ({
  success: true,
  festival: data,
  agendaImages: [],
  performers: [],
  programmeEntries: 0,
  faq: [],
  accommodationPhotos: [],
  legal: { imprint: null, privacyPolicy: null },
});

const seededClient = (data: Festival) => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteContentQueryOptions().queryKey, siteContent(data));
  return queryClient;
};

describe('FestivalHero', () => {
  it('shows name, motto, edition, dates and logo from the cached festival', () => {
    const get = vi.spyOn(api, 'get');
    render(<FestivalHero />, { queryClient: seededClient(festival) });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Slawenfest im Harz' }),
    ).toBeInTheDocument();
    expect(screen.getByText('„Game Of Slavs“')).toBeInTheDocument();
    expect(screen.getByText('Sechste Ausgabe')).toBeInTheDocument();
    expect(screen.getByText('24. – 28. Juli 2025')).toBeInTheDocument();
    const logo = screen.getByRole('img', { name: 'Wappen des Festivals' });
    expect(logo).toHaveAttribute('src', '/uploads/wappen.png');
    expect(logo).toHaveAttribute(
      'srcset',
      '/uploads/small_wappen.png 500w, /uploads/wappen.png 800w',
    );
    expect(get).not.toHaveBeenCalled();
  });

  it('shows no image when the festival has no logo', () => {
    render(<FestivalHero />, { queryClient: seededClient({ ...festival, logo: null }) });

    expect(screen.getByRole('heading', { name: 'Slawenfest im Harz' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a loading state while the cms has not answered', () => {
    vi.spyOn(api, 'get').mockReturnValue(new Promise(() => {}));
    render(<FestivalHero />);

    expect(screen.getByRole('status')).toHaveTextContent('Wird geladen…');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('shows an error with a retry button that loads the festival again', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockRejectedValueOnce(new ApiError(502, '502: Bad Gateway'))
      .mockResolvedValueOnce({ data: siteContent(festival) });
    const { user } = render(<FestivalHero />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Festivaldaten konnten nicht geladen werden.',
    );
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Slawenfest im Harz' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenCalledWith('/site-content');
  });

  it('treats an answer that does not match the schema as an error', async () => {
    const broken = { ...siteContent(festival), festival: { ...festival, startDate: 20250724 } };
    vi.spyOn(api, 'get').mockResolvedValue({ data: broken });
    render(<FestivalHero />);

    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('FestivalHero actions', () => {
  it('leads on to the story and to the access-code page', () => {
    render(<FestivalHero />, { queryClient: seededClient(festival) });

    expect(screen.getByRole('link', { name: 'Zur Geschichte' })).toHaveAttribute('href', '/#story');
    expect(screen.getByRole('link', { name: 'Enthülle dein Wappen' })).toHaveAttribute('href', '/enthuelle-dein-wappen');
  });
});
