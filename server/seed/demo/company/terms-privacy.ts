import { TERMS_TYPE } from '#shared/type-codes.ts'

/**
 * Privacy policy (terms type 2) in Korean and English, following what the Personal
 * Information Protection Act (개인정보 보호법, Article 30) asks a processor to disclose.
 * Raw HTML: the seed passes it through sanitizeRichText before storing.
 */
export const privacyPolicy = {
  type: TERMS_TYPE.privacy,
  /** Version 1 applies as its last section says. */
  effective_at: '2025-01-01T00:00:00+09:00',
  title: '개인정보처리방침',
  title_en: 'Privacy Policy',
  description: `
<p>㈜대한액추에이터(이하 "회사")는 「개인정보 보호법」 제30조에 따라 정보주체의 개인정보를 보호하고 이와 관련한 고충을 신속하고 원활하게 처리할 수 있도록 다음과 같이 개인정보 처리방침을 수립·공개합니다.</p>

<h2>제1조(개인정보의 처리 목적)</h2>
<p>회사는 다음의 목적을 위하여 개인정보를 처리합니다. 처리한 개인정보는 다음의 목적 외의 용도로는 이용하지 않으며, 이용 목적이 변경되는 경우에는 「개인정보 보호법」 제18조에 따라 별도의 동의를 받는 등 필요한 조치를 이행합니다.</p>
<ol>
  <li><strong>회원 가입 및 관리</strong>: 회원제 서비스 제공에 따른 본인 확인, 전자우편 인증, 회원자격 유지·관리, 아이디 및 비밀번호 찾기, 서비스 부정이용 방지, 각종 고지·통지</li>
  <li><strong>제한 서비스 제공</strong>: 회사가 승인한 임직원 및 협력사·대리점 담당자에 대한 제조 사양 조회 권한 부여 및 이용 기록 관리</li>
  <li><strong>고객 문의 및 민원 처리</strong>: 회원 정보 변경 요청, 문의 사항 확인, 사실조사를 위한 연락·통지, 처리 결과 통보</li>
  <li><strong>서비스 운영 및 보안</strong>: 접속 빈도 파악, 장애 대응, 비정상 접근 탐지 등 사이트의 안정적 운영</li>
</ol>

<h2>제2조(처리하는 개인정보의 항목 및 수집 방법)</h2>
<table>
  <thead><tr><th scope="col">구분</th><th scope="col">처리 항목</th><th scope="col">수집 방법</th></tr></thead>
  <tbody>
    <tr><td>회원가입(필수)</td><td>회사명, 부서명, 성명, 아이디(전자우편 주소), 비밀번호(일방향 암호화된 해시값으로만 저장)</td><td>회원가입 화면에서 정보주체가 직접 입력</td></tr>
    <tr><td>아이디·비밀번호 찾기</td><td>회사명, 부서명, 성명, 아이디(전자우편 주소)</td><td>찾기 화면에서 정보주체가 직접 입력</td></tr>
    <tr><td>서비스 이용 과정에서 자동 생성</td><td>접속 일시, 접속 IP 주소, 접속 로그(요청 주소, 브라우저 정보), 쿠키, 제한 서비스 조회 기록</td><td>서비스 이용 시 자동 수집</td></tr>
  </tbody>
</table>
<p>회사는 만 14세 미만 아동의 회원가입을 받지 않으며, 주민등록번호 등 고유식별정보와 민감정보는 처리하지 않습니다.</p>

<h2>제3조(개인정보의 처리 및 보유 기간)</h2>
<p>회사는 법령에 따른 개인정보 보유·이용 기간 또는 정보주체로부터 개인정보를 수집할 때 동의받은 기간 내에서 개인정보를 처리·보유합니다.</p>
<table>
  <thead><tr><th scope="col">항목</th><th scope="col">보유 기간</th><th scope="col">근거</th></tr></thead>
  <tbody>
    <tr><td>회원 정보</td><td>회원 탈퇴 시까지. 다만, 관계 법령 위반에 따른 수사·조사가 진행 중인 경우에는 해당 수사·조사 종료 시까지</td><td>정보주체의 동의</td></tr>
    <tr><td>전자우편 인증을 마치지 않은 가입 신청 정보</td><td>신청일로부터 7일</td><td>정보주체의 동의</td></tr>
    <tr><td>제한 서비스 조회 기록</td><td>1년</td><td>영업비밀 보호 및 부정이용 방지(회사의 정당한 이익)</td></tr>
    <tr><td>접속 로그, 접속 IP 주소</td><td>3개월</td><td>「통신비밀보호법」 제15조의2 및 같은 법 시행령 제41조</td></tr>
  </tbody>
</table>

<h2>제4조(개인정보의 제3자 제공)</h2>
<p>회사는 정보주체의 개인정보를 제1조에서 밝힌 목적의 범위에서만 처리하며, 정보주체의 동의나 법률의 특별한 규정 등 「개인정보 보호법」 제17조 및 제18조에 해당하는 경우에만 개인정보를 제3자에게 제공합니다. <strong>현재 회사는 정보주체의 개인정보를 제3자에게 제공하고 있지 않습니다.</strong></p>

<h2>제5조(개인정보 처리업무의 위탁)</h2>
<p>회사는 원활한 서비스 제공을 위하여 다음과 같이 개인정보 처리업무를 위탁하고 있습니다.</p>
<table>
  <thead><tr><th scope="col">수탁자</th><th scope="col">위탁 업무</th><th scope="col">보유 기간</th></tr></thead>
  <tbody>
    <tr><td>㈜누리클라우드</td><td>홈페이지 서버 호스팅 및 데이터 보관</td><td>회원 탈퇴 또는 위탁계약 종료 시까지</td></tr>
    <tr><td>㈜메일브릿지</td><td>회원가입 인증 및 비밀번호 찾기 전자우편 발송</td><td>발송 완료 후 30일</td></tr>
  </tbody>
</table>
<p>회사는 위탁계약을 체결할 때 「개인정보 보호법」 제26조에 따라 위탁업무 수행 목적 외 개인정보 처리 금지, 기술적·관리적 보호조치, 재위탁 제한, 수탁자에 대한 관리·감독, 손해배상 등 책임에 관한 사항을 계약서 등 문서에 명시하고, 수탁자가 개인정보를 안전하게 처리하는지를 감독합니다. 위탁업무의 내용이나 수탁자가 변경되는 경우에는 지체 없이 이 개인정보 처리방침을 통하여 공개합니다. 회사는 개인정보를 국외로 이전하지 않습니다.</p>

<h2>제6조(개인정보의 파기 절차 및 방법)</h2>
<ol>
  <li>회사는 개인정보 보유 기간이 지나거나 처리 목적이 달성되는 등 개인정보가 불필요하게 되었을 때에는 지체 없이(5일 이내) 해당 개인정보를 파기합니다.</li>
  <li>다른 법령에 따라 개인정보를 계속 보존하여야 하는 경우에는 해당 개인정보를 별도의 데이터베이스로 옮기거나 보관 장소를 달리하여 보존합니다.</li>
  <li>파기 절차: 회사는 파기 사유가 발생한 개인정보를 선정하고, 개인정보 보호책임자의 승인을 받아 파기합니다.</li>
  <li>파기 방법: 전자적 파일 형태의 정보는 복구 및 재생이 불가능한 기술적 방법으로 영구 삭제하며, 종이에 출력된 개인정보는 분쇄기로 분쇄하거나 소각하여 파기합니다.</li>
</ol>

<h2>제7조(정보주체와 법정대리인의 권리·의무 및 행사방법)</h2>
<ol>
  <li>정보주체는 회사에 대하여 언제든지 개인정보 열람, 정정·삭제, 처리정지 요구 및 동의 철회 등의 권리를 행사할 수 있습니다.</li>
  <li>권리 행사는 서면, 전자우편, 모사전송(FAX) 등을 통하여 할 수 있으며, 회사는 요구를 받은 날부터 10일 이내에 조치하고 그 결과를 알립니다. 회원은 회원정보 화면에서 비밀번호를 직접 변경할 수 있고, "회원탈퇴"를 통하여 동의를 철회할 수 있습니다.</li>
  <li>권리 행사는 정보주체의 법정대리인이나 위임을 받은 자 등 대리인을 통하여 할 수도 있습니다. 이 경우 「개인정보 처리 방법에 관한 고시」 별지 제11호 서식에 따른 위임장을 제출하여야 합니다.</li>
  <li>개인정보 열람 및 처리정지 요구는 「개인정보 보호법」 제35조 제4항 및 제37조 제2항에 따라 정보주체의 권리가 제한될 수 있습니다.</li>
  <li>개인정보의 정정 및 삭제 요구는 다른 법령에서 그 개인정보가 수집 대상으로 명시되어 있는 경우에는 그 삭제를 요구할 수 없습니다.</li>
  <li>회사는 권리 행사를 한 자가 본인이거나 정당한 대리인인지를 확인합니다.</li>
  <li>회사는 완전히 자동화된 시스템으로 개인정보를 처리하여 정보주체의 권리 또는 의무에 중대한 영향을 미치는 결정을 하지 않습니다.</li>
</ol>

<h2>제8조(개인정보의 안전성 확보조치)</h2>
<p>회사는 개인정보의 안전성 확보를 위하여 다음과 같은 조치를 하고 있습니다.</p>
<ol>
  <li><strong>관리적 조치</strong>: 내부관리계획 수립·시행, 개인정보 취급 직원의 최소화 및 정기 교육</li>
  <li><strong>기술적 조치</strong>: 개인정보처리시스템 접근권한 관리, 침입 차단 및 탐지 시스템 운영, 비밀번호의 일방향 암호화(해시) 저장, 전송 구간 암호화(HTTPS), 접속기록의 보관 및 위조·변조 방지, 보안 프로그램 설치 및 주기적 갱신</li>
  <li><strong>물리적 조치</strong>: 전산실 및 자료 보관실에 대한 출입 통제</li>
</ol>

<h2>제9조(개인정보 자동 수집 장치의 설치·운영 및 거부)</h2>
<p>회사는 이용자에게 개별적인 서비스를 제공하기 위하여 이용 정보를 저장하고 불러오는 쿠키(cookie)를 사용합니다. 쿠키는 웹사이트 서버가 이용자의 브라우저에 보내는 작은 텍스트 파일로, 이용자의 컴퓨터에 저장됩니다.</p>
<table>
  <thead><tr><th scope="col">쿠키</th><th scope="col">사용 목적</th><th scope="col">보관 기간</th></tr></thead>
  <tbody>
    <tr><td>로그인 세션 쿠키</td><td>로그인 상태 유지 및 회원 확인</td><td>로그인 후 최대 약 50일 또는 로그아웃 시까지</td></tr>
    <tr><td>언어 설정 쿠키</td><td>이용자가 선택한 화면 언어(한국어·영어) 유지</td><td>최대 1년</td></tr>
  </tbody>
</table>
<p>회사는 광고나 행태정보 수집을 위한 쿠키를 사용하지 않습니다. 이용자는 웹브라우저의 설정(예: Chrome의 "설정 &gt; 개인정보 및 보안 &gt; 서드 파티 쿠키", Edge의 "설정 &gt; 쿠키 및 사이트 권한")에서 쿠키 저장을 거부하거나 삭제할 수 있습니다. 다만, 쿠키 저장을 거부하면 로그인이 필요한 서비스를 이용할 수 없습니다.</p>

<h2>제10조(개인정보 보호책임자 및 열람청구 접수·처리 부서)</h2>
<p>회사는 개인정보 처리에 관한 업무를 총괄하여 책임지고, 개인정보 처리와 관련한 정보주체의 불만 처리 및 피해 구제 등을 위하여 다음과 같이 개인정보 보호책임자를 지정하고 있습니다. 정보주체는 「개인정보 보호법」 제35조에 따른 개인정보 열람 청구를 아래 부서에 할 수 있습니다.</p>
<table>
  <thead><tr><th scope="col">구분</th><th scope="col">성명·부서</th><th scope="col">연락처</th></tr></thead>
  <tbody>
    <tr><td>개인정보 보호책임자</td><td>박정호 경영지원본부장(상무)</td><td>전화 031-880-1987, 전자우편 privacy@daehan-actuator.example.com</td></tr>
    <tr><td>개인정보 보호 담당부서</td><td>경영지원팀 정보보안파트 (담당: 이서연 과장)</td><td>전화 031-880-1920, 팩스 031-880-1988, 전자우편 privacy@daehan-actuator.example.com</td></tr>
  </tbody>
</table>

<h2>제11조(정보주체의 권익침해에 대한 구제방법)</h2>
<p>정보주체는 개인정보 침해로 인한 구제를 받기 위하여 개인정보분쟁조정위원회, 한국인터넷진흥원 개인정보침해신고센터 등에 분쟁 해결이나 상담 등을 신청할 수 있습니다. 그 밖에 개인정보 침해의 신고 및 상담에 대하여는 아래 기관에 문의하시기 바랍니다.</p>
<ol>
  <li>개인정보분쟁조정위원회: (국번없이) 1833-6972 (www.kopico.go.kr)</li>
  <li>개인정보침해신고센터: (국번없이) 118 (privacy.kisa.or.kr)</li>
  <li>대검찰청: (국번없이) 1301 (www.spo.go.kr)</li>
  <li>경찰청: (국번없이) 182 (ecrm.police.go.kr)</li>
</ol>
<p>「개인정보 보호법」 제35조(개인정보의 열람), 제36조(개인정보의 정정·삭제), 제37조(개인정보의 처리정지 등)에 따른 요구에 대하여 공공기관의 장이 행한 처분 또는 부작위로 권리 또는 이익의 침해를 받은 자는 행정심판법이 정하는 바에 따라 행정심판을 청구할 수 있습니다(중앙행정심판위원회: (국번없이) 110, www.simpan.go.kr).</p>

<h2>제12조(개인정보 처리방침의 변경)</h2>
<ol>
  <li>이 개인정보 처리방침은 2025년 1월 1일부터 적용됩니다.</li>
  <li>이전의 개인정보 처리방침은 2024년 1월 1일부터 2024년 12월 31일까지 적용되었습니다.</li>
</ol>
`,
  description_en: `
<p>Daehan Actuator Co., Ltd. (the "Company") establishes and publishes this Privacy Policy under Article 30 of the Personal Information Protection Act of Korea in order to protect the personal information of data subjects and to handle related complaints promptly and smoothly.</p>

<h2>Article 1 (Purposes of Processing)</h2>
<p>The Company processes personal information for the following purposes. It does not use personal information for any other purpose and, if a purpose changes, takes the necessary measures, such as obtaining separate consent under Article 18 of the Personal Information Protection Act.</p>
<ol>
  <li><strong>Membership registration and management</strong>: identity confirmation, e-mail verification, maintenance of membership, finding a forgotten ID or password, prevention of misuse and delivery of notices.</li>
  <li><strong>Restricted Services</strong>: granting access to the lookup of manufacturing specifications to approved employees and partner or agency staff, and keeping records of its use.</li>
  <li><strong>Enquiries and complaints</strong>: handling requests to change member information, confirming enquiries, contacting data subjects for fact-finding and notifying them of the result.</li>
  <li><strong>Operation and security of the Site</strong>: measuring access, responding to failures and detecting abnormal access.</li>
</ol>

<h2>Article 2 (Items Processed and How They Are Collected)</h2>
<table>
  <thead><tr><th scope="col">Category</th><th scope="col">Items</th><th scope="col">Collection method</th></tr></thead>
  <tbody>
    <tr><td>Registration (required)</td><td>Company, department, name, ID (e-mail address), password (stored only as a one-way hash)</td><td>Entered by the data subject on the sign-up page</td></tr>
    <tr><td>Finding ID or password</td><td>Company, department, name, ID (e-mail address)</td><td>Entered by the data subject in the find dialogs</td></tr>
    <tr><td>Generated automatically while using the Services</td><td>Access date and time, IP address, access logs (requested address, browser information), cookies, records of Restricted Service lookups</td><td>Collected automatically</td></tr>
  </tbody>
</table>
<p>The Company does not accept registrations from children under 14 and does not process resident registration numbers or other unique identifiers, or sensitive information.</p>

<h2>Article 3 (Retention Periods)</h2>
<p>The Company processes and retains personal information within the period required by law or the period consented to by the data subject at collection.</p>
<table>
  <thead><tr><th scope="col">Items</th><th scope="col">Retention period</th><th scope="col">Basis</th></tr></thead>
  <tbody>
    <tr><td>Member information</td><td>Until withdrawal from membership; if an investigation into a violation of law is in progress, until it ends</td><td>Consent of the data subject</td></tr>
    <tr><td>Applications not completed by e-mail verification</td><td>7 days from the application</td><td>Consent of the data subject</td></tr>
    <tr><td>Records of Restricted Service lookups</td><td>1 year</td><td>Protection of trade secrets and prevention of misuse (legitimate interest of the Company)</td></tr>
    <tr><td>Access logs and IP addresses</td><td>3 months</td><td>Article 15-2 of the Protection of Communications Secrets Act and Article 41 of its Enforcement Decree</td></tr>
  </tbody>
</table>

<h2>Article 4 (Provision to Third Parties)</h2>
<p>The Company processes personal information only within the purposes stated in Article 1 and provides it to third parties only where Articles 17 and 18 of the Personal Information Protection Act allow, such as with the data subject's consent or under a specific provision of law. <strong>The Company currently provides no personal information to third parties.</strong></p>

<h2>Article 5 (Entrustment of Processing)</h2>
<p>To provide the Services smoothly, the Company entrusts the following processing work.</p>
<table>
  <thead><tr><th scope="col">Trustee</th><th scope="col">Entrusted work</th><th scope="col">Retention</th></tr></thead>
  <tbody>
    <tr><td>Nuri Cloud Inc.</td><td>Hosting of the website servers and data storage</td><td>Until withdrawal from membership or the end of the entrustment contract</td></tr>
    <tr><td>MailBridge Inc.</td><td>Sending verification and password-reset e-mails</td><td>30 days after sending</td></tr>
  </tbody>
</table>
<p>When concluding an entrustment contract, the Company specifies in writing, as required by Article 26 of the Personal Information Protection Act, the prohibition of processing beyond the entrusted purpose, technical and managerial safeguards, restrictions on re-entrustment, supervision of the trustee and liability for damages, and it supervises whether the trustee processes personal information safely. Any change to the entrusted work or the trustees will be published in this Privacy Policy without delay. The Company does not transfer personal information abroad.</p>

<h2>Article 6 (Destruction Procedure and Method)</h2>
<ol>
  <li>When personal information is no longer needed, for example because the retention period has expired or the purpose has been achieved, the Company destroys it without delay (within 5 days).</li>
  <li>Where other laws require the information to be kept, the Company moves it to a separate database or keeps it in a separate location.</li>
  <li>Procedure: the Company selects the personal information to be destroyed and destroys it with the approval of the Privacy Officer.</li>
  <li>Method: electronic files are permanently deleted by technical means that make recovery impossible; personal information on paper is shredded or incinerated.</li>
</ol>

<h2>Article 7 (Rights of Data Subjects and How to Exercise Them)</h2>
<ol>
  <li>Data subjects may at any time request access to, correction or deletion of, or suspension of processing of their personal information, and may withdraw their consent.</li>
  <li>Requests may be made in writing, by e-mail or by fax, and the Company will act on them and reply within 10 days of receipt. Members can also change their password on the member information page and withdraw their consent with the "Resign" function.</li>
  <li>Rights may also be exercised through a legal representative or a person authorised by the data subject, who must submit a power of attorney in the form prescribed by the Notice on Personal Information Processing Methods (Form No. 11).</li>
  <li>Requests for access and for suspension of processing may be restricted under Article 35(4) and Article 37(2) of the Personal Information Protection Act.</li>
  <li>Deletion cannot be requested where other laws specify the personal information as an item to be collected.</li>
  <li>The Company verifies that the person making a request is the data subject or a lawful representative.</li>
  <li>The Company makes no decisions that significantly affect the rights or obligations of data subjects by fully automated processing of personal information.</li>
</ol>

<h2>Article 8 (Safety Measures)</h2>
<p>The Company takes the following measures to keep personal information safe.</p>
<ol>
  <li><strong>Managerial measures</strong>: an internal management plan, a minimum number of staff handling personal information and regular training.</li>
  <li><strong>Technical measures</strong>: management of access rights to the processing systems, intrusion prevention and detection, one-way hashing of passwords, encryption in transit (HTTPS), retention of access records protected against forgery and alteration, and security software kept up to date.</li>
  <li><strong>Physical measures</strong>: access control to the server room and document storage areas.</li>
</ol>

<h2>Article 9 (Cookies)</h2>
<p>The Company uses cookies, small text files that the website server sends to the user's browser and that are stored on the user's computer, to remember information needed to provide the Services.</p>
<table>
  <thead><tr><th scope="col">Cookie</th><th scope="col">Purpose</th><th scope="col">Retention</th></tr></thead>
  <tbody>
    <tr><td>Login session cookie</td><td>Keeping the member logged in and identifying the member</td><td>Up to about 50 days after login, or until logout</td></tr>
    <tr><td>Language cookie</td><td>Remembering the display language chosen by the user (Korean or English)</td><td>Up to 1 year</td></tr>
  </tbody>
</table>
<p>The Company uses no advertising or behavioural tracking cookies. Users can refuse or delete cookies in their browser settings (for example, Chrome: "Settings &gt; Privacy and security &gt; Third-party cookies"; Edge: "Settings &gt; Cookies and site permissions"). If cookies are refused, services that require login cannot be used.</p>

<h2>Article 10 (Privacy Officer and Department Handling Access Requests)</h2>
<p>The Company has designated the following Privacy Officer, who is responsible for all personal information processing and for handling complaints and remedies of data subjects. Data subjects may submit requests for access under Article 35 of the Personal Information Protection Act to the department below.</p>
<table>
  <thead><tr><th scope="col">Role</th><th scope="col">Name and department</th><th scope="col">Contact</th></tr></thead>
  <tbody>
    <tr><td>Privacy Officer</td><td>Park Jeong-ho, Executive Director, Management Support Division</td><td>Tel +82-31-880-1987, e-mail privacy@daehan-actuator.example.com</td></tr>
    <tr><td>Privacy department</td><td>Information Security Part, Management Support Team (contact: Lee Seo-yeon, Manager)</td><td>Tel +82-31-880-1920, fax +82-31-880-1988, e-mail privacy@daehan-actuator.example.com</td></tr>
  </tbody>
</table>

<h2>Article 11 (Remedies for Infringement)</h2>
<p>Data subjects may apply for dispute settlement or counselling to the Personal Information Dispute Mediation Committee or the Personal Information Infringement Report Center of the Korea Internet &amp; Security Agency. For other reports and counselling on infringements, please contact the following bodies (the short numbers work within Korea):</p>
<ol>
  <li>Personal Information Dispute Mediation Committee: 1833-6972 (www.kopico.go.kr)</li>
  <li>Personal Information Infringement Report Center: 118 (privacy.kisa.or.kr)</li>
  <li>Supreme Prosecutors' Office: 1301 (www.spo.go.kr)</li>
  <li>Korean National Police Agency: 182 (ecrm.police.go.kr)</li>
</ol>
<p>A person whose rights or interests have been infringed by a disposition or omission of the head of a public institution in response to a request under Articles 35 (access), 36 (correction and deletion) or 37 (suspension of processing) of the Personal Information Protection Act may file an administrative appeal under the Administrative Appeals Act (Central Administrative Appeals Commission: 110, www.simpan.go.kr).</p>

<h2>Article 12 (Changes to this Privacy Policy)</h2>
<ol>
  <li>This Privacy Policy applies from 1 January 2025.</li>
  <li>The previous Privacy Policy applied from 1 January 2024 to 31 December 2024.</li>
</ol>
`,
}
