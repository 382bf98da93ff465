#!/bin/sh
# Renders the proxies whose X-Forwarded-For nginx believes (included by nginx.conf) from the
# environment, at every start of the nginx image (it runs /docker-entrypoint.d/*.sh before nginx).
#
#   TRUSTED_PROXIES   addresses or CIDR ranges of the proxies in front of nginx (the TLS proxy),
#                     separated by spaces or commas. Unset or empty: none, so every client is the
#                     address its connection comes from, whatever it writes in X-Forwarded-For.
#
# Nothing is trusted by default: a private range would include Docker's own bridge gateway, from
# which every connection relayed by Docker's userland proxy arrives (docs/decisions/034).
# TRUSTED_PROXIES_CONF names the file written (tests write one of their own).
set -eu
set -f
out="${TRUSTED_PROXIES_CONF:-/etc/nginx/trusted-proxies.conf}"
{
  echo "# Rendered from TRUSTED_PROXIES at start (deploy/trusted-proxies.sh); set the variable, not this file."
  for entry in $(printf '%s' "${TRUSTED_PROXIES:-}" | tr ',' ' '); do
    # An address or a range, nothing else: this text becomes nginx configuration.
    case "$entry" in
      *[!0-9A-Fa-f.:/]* | */*/* | /* | */)
        echo "TRUSTED_PROXIES: '$entry' is no IP address or CIDR range (e.g. 203.0.113.7, 10.1.0.0/16, 2001:db8::1)" >&2
        rm -f "$out.rendering"
        exit 1
        ;;
    esac
    echo "set_real_ip_from $entry;"
  done
} >"$out.rendering"
mv "$out.rendering" "$out"
