// Line icons of the info tabs, drawn in the text colour; decorative, so hidden from screen readers.
type IconProps = { className?: string };

const Icon = ({ className, d }: IconProps & { d: string }) => (
  <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const PinIcon = (props: IconProps) => (
  <Icon {...props} d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
);

export const CarIcon = (props: IconProps) => (
  <Icon {...props} d="M3 16v-4l2-5h14l2 5v4H3Zm0 0v2h3v-2m12 0v2h3v-2M7 13h.01M17 13h.01" />
);

export const TrainIcon = (props: IconProps) => (
  <Icon {...props} d="M6 3h12a2 2 0 0 1 2 2v9a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V5a2 2 0 0 1 2-2Zm-2 8h16M8 21l2-4m6 4-2-4M8 14h.01M16 14h.01" />
);

export const ParkingIcon = (props: IconProps) => (
  <Icon {...props} d="M4 3h16v18H4V3Zm5 14V7h4a3 3 0 0 1 0 6H9" />
);

export const BedIcon = (props: IconProps) => (
  <Icon {...props} d="M3 18V6m0 8h18v4M3 10h8v4m0-4h7a3 3 0 0 1 3 3v1" />
);

export const PeopleIcon = (props: IconProps) => (
  <Icon {...props} d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-9a3 3 0 1 0 0-6m2 15c0-2.6-1.2-4.7-3-5.6" />
);

export const TreeIcon = (props: IconProps) => (
  <Icon {...props} d="M12 2 5 12h4l-3 5h12l-3-5h4L12 2Zm0 15v5" />
);

export const HourglassIcon = (props: IconProps) => (
  <Icon {...props} d="M6 2h12M6 22h12M7 2c0 5 10 5 10 10S7 17 7 22m10 0c0-5-10-5-10-10S17 7 17 2" />
);
