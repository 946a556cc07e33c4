import type { SignalData } from '@marquee/shared/streaming';

/** What travels between the two browsers of a private show (relayed by the server over socket.io). */
export type SignalPayload = SignalData;

export interface PeerOptions {
  iceServers: RTCIceServer[];
  /** The polite side yields when both offer at once (the creator); the fan makes the offer. */
  polite: boolean;
  local: MediaStream;
  send: (signal: SignalPayload) => void;
  onRemote: (stream: MediaStream) => void;
  onState?: (state: RTCPeerConnectionState) => void;
}

/**
 * One-to-one WebRTC call. The fan offers once the show is live (both parties joined); the creator
 * answers; on glare the polite side yields. ICE candidates that arrive early are queued.
 */
export class PeerCall {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private pending: RTCIceCandidateInit[] = [];
  private closed = false;

  constructor(private readonly options: PeerOptions) {
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    for (const track of options.local.getTracks()) this.pc.addTrack(track, options.local);
    const remote = new MediaStream();
    this.pc.ontrack = (e) => {
      const source = e.streams[0];
      if (source) options.onRemote(source);
      else {
        remote.addTrack(e.track);
        options.onRemote(remote);
      }
    };
    this.pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      const c = e.candidate.toJSON();
      options.send({
        type: 'ice',
        candidate: { candidate: c.candidate ?? '', sdpMid: c.sdpMid, sdpMLineIndex: c.sdpMLineIndex },
      });
    };
    this.pc.onconnectionstatechange = () => options.onState?.(this.pc.connectionState);
  }

  /** Makes (or remakes, after the other side came back) the offer. */
  async offer() {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      const sdp = this.pc.localDescription?.sdp;
      if (sdp) this.options.send({ type: 'offer', sdp });
    } finally {
      this.makingOffer = false;
    }
  }

  async receive(signal: SignalPayload) {
    if (this.closed) return;
    if (signal.type === 'ice') {
      const c = signal.candidate as RTCIceCandidateInit;
      if (!this.pc.remoteDescription) this.pending.push(c);
      else await this.pc.addIceCandidate(c).catch(() => undefined);
      return;
    }
    const description: RTCSessionDescriptionInit = { type: signal.type, sdp: signal.sdp };
    const collision = signal.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    await this.pc.setRemoteDescription(description);
    for (const c of this.pending.splice(0)) await this.pc.addIceCandidate(c).catch(() => undefined);
    if (signal.type === 'offer') {
      await this.pc.setLocalDescription();
      const sdp = this.pc.localDescription?.sdp;
      if (sdp) this.options.send({ type: 'answer', sdp });
    }
  }

  close() {
    this.closed = true;
    this.pc.ontrack = null;
    this.pc.onicecandidate = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }
}
