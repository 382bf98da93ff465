import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Programme } from '@contract/programme';
import { api } from '@/lib/api-client';

/** The whole programme with the cms's clock, in one request (GET /api/programme, cached there). */
export const getProgramme = async (): Promise<Programme> => {
  const [response, { programmeSchema }] = await Promise.all([api.get<unknown>('/programme'), import('@contract/programme')]);
  return programmeSchema.parse(response.data);
};

export const programmeQueryOptions = () => queryOptions({ queryKey: ['programme'], queryFn: getProgramme });

export const useProgramme = () => useQuery(programmeQueryOptions());

/** Where a calendar app downloads the programme, or a guest's plan (the cms writes the .ics). */
export const calendarUrl = (ids?: number[]) => `/api/programme/calendar.ics${ids ? `?ids=${ids.join(',')}` : ''}`;
