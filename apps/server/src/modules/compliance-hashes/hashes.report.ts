import type { CyberTiplineDraft, HashHit } from '../../db/schema';

/**
 * A CyberTipline report draft in the element names of NCMEC's CyberTipline Reporting API
 * (https://report.cybertip.org/ispws/documentation, its report XSD): the `report` document that
 * `POST /submit` takes (incidentSummary, internetDetails, reporter, personOrUserReported,
 * additionalInfo), then for the file, after `POST /upload`, the `fileDetails` document that
 * `POST /fileinfo` takes. Only the incident type and date/time are required by NCMEC; the rest is
 * what the site knows. The admin reviews it, sends it through NCMEC's API or web form, and records
 * the report id NCMEC returns; Marquee never calls NCMEC.
 */
export function cyberTiplineDraft(x: {
  at: Date;
  site: { name: string; url: string };
  contact: { name: string; email: string };
  user: { id: string; username: string; name: string; email: string | null; role: string };
  ip: string | null;
  file: { name: string; mime: string; size: number; sha256: string; md5: string };
  hits: HashHit[];
}): CyberTiplineDraft {
  const when = x.at.toISOString();
  const [firstName, ...rest] = x.contact.name.trim().split(/\s+/);
  const ipCaptureEvent = x.ip ? [{ ipAddress: x.ip, eventName: 'Upload', dateTime: when }] : [];
  const matched = x.hits
    .map((h) =>
      h.kind === 'pdq'
        ? `${h.listName}: PDQ ${h.value} at Hamming distance ${h.distance}${h.at !== undefined ? ` (video frame at ${h.at} s)` : ''}`
        : `${h.listName}: ${h.kind.toUpperCase()} ${h.value} (exact)`,
    )
    .join('; ');
  return {
    report: {
      incidentSummary: {
        incidentType: 'Child Pornography (possession, manufacture, and distribution)',
        incidentDateTime: when,
        incidentDateTimeDescription: `Time the file was uploaded to ${x.site.name}; it was blocked at upload and never published`,
      },
      internetDetails: [{ webPageIncident: { url: [x.site.url] } }],
      reporter: {
        reportingPerson: {
          firstName: firstName ?? '',
          lastName: rest.join(' '),
          email: x.contact.email ? [x.contact.email] : [],
        },
        companyTemplate: x.site.name,
      },
      personOrUserReported: {
        personOrUserReportedPerson: {
          displayName: x.user.name,
          email: x.user.email ? [{ value: x.user.email, verified: true }] : [],
        },
        espIdentifier: x.user.id,
        espService: x.site.name,
        screenName: x.user.username,
        profileUrl: x.user.username ? [`${x.site.url}/${x.user.username}`] : [],
        ipCaptureEvent,
        accountTemporarilyDisabled: true,
        accountTemporarilyDisabledDate: when,
        additionalInfo: `Account role: ${x.user.role}`,
      },
      additionalInfo: `Upload matched known-abuse hash list(s): ${matched}.`,
    },
    fileDetails: {
      originalFileName: x.file.name,
      locationOfFile: 'Blocked at upload; preserved in the operator’s restricted evidence store',
      fileViewedByEsp: false,
      exifViewedByEsp: false,
      publiclyAvailable: false,
      fileRelevance: 'Reported',
      ipCaptureEvent,
      originalFileHash: [
        { hashType: 'MD5', value: x.file.md5 },
        { hashType: 'SHA256', value: x.file.sha256 },
      ],
      details: [
        { type: 'mimeType', value: x.file.mime },
        { type: 'size', value: String(x.file.size) },
      ],
      additionalInfo: matched,
    },
  };
}
