import { TERMS_TYPE } from '#shared/type-codes.ts'

/**
 * Terms of service in Korean and English. Raw HTML: the seed passes it
 * through sanitizeRichText before storing.
 */
export const serviceTerms = {
  type: TERMS_TYPE.service,
  /** Version 1 takes effect as its last article says. */
  effective_at: '2024-01-01T00:00:00+09:00',
  title: '이용약관',
  title_en: 'Terms and Conditions',
  description: `
<h2>제1장 총칙</h2>
<h3>제1조(목적)</h3>
<p>이 약관은 ㈜대한액추에이터(이하 "회사")가 운영하는 홈페이지(이하 "사이트")에서 제공하는 제품 정보, 기술 자료, 투자 정보 및 회원 서비스 등 인터넷 관련 서비스(이하 "서비스")를 이용함에 있어 회사와 이용자의 권리·의무 및 책임사항, 그 밖에 필요한 사항을 규정함을 목적으로 합니다.</p>

<h3>제2조(용어의 정의)</h3>
<p>이 약관에서 사용하는 용어의 뜻은 다음과 같습니다.</p>
<ol>
  <li>"사이트"란 회사가 회사 소개, 제품 카탈로그, 자료실, 투자 정보, 채용 정보 등을 제공하기 위하여 운영하는 웹사이트를 말합니다.</li>
  <li>"이용자"란 사이트에 접속하여 이 약관에 따라 회사가 제공하는 서비스를 이용하는 회원 및 비회원을 말합니다.</li>
  <li>"회원"이란 이 약관과 개인정보 처리방침에 동의하고 회원가입 신청 후 전자우편 인증을 마쳐 회원으로 등록된 자를 말합니다.</li>
  <li>"비회원"이란 회원으로 가입하지 않고 회사가 공개한 서비스를 이용하는 자를 말합니다.</li>
  <li>"아이디(ID)"란 회원의 식별과 서비스 이용을 위하여 회원이 등록한 전자우편 주소를 말합니다.</li>
  <li>"비밀번호"란 회원이 본인임을 확인하고 회원 정보를 보호하기 위하여 회원 스스로 정한 8자 이상 30자 이하의 문자 조합을 말합니다.</li>
  <li>"제한 서비스"란 회사가 별도로 승인한 회원에게만 제공하는 제조 사양 조회(ERP·EPS) 등의 서비스를 말합니다.</li>
</ol>

<h3>제3조(약관의 게시와 개정)</h3>
<ol>
  <li>회사는 이 약관의 내용을 이용자가 쉽게 알 수 있도록 사이트 하단의 "이용약관" 화면에 게시합니다.</li>
  <li>회사는 「약관의 규제에 관한 법률」, 「정보통신망 이용촉진 및 정보보호 등에 관한 법률」 등 관련 법령을 위반하지 않는 범위에서 이 약관을 개정할 수 있습니다.</li>
  <li>회사가 약관을 개정하는 경우에는 적용일자와 개정사유를 밝혀 적용일자 7일 전부터 사이트에 공지합니다. 다만, 회원에게 불리하게 변경하는 경우에는 적용일자 30일 전부터 공지하고 등록된 전자우편으로 개별 통지합니다.</li>
  <li>회원이 개정 약관에 동의하지 않는 경우 회원 탈퇴를 할 수 있으며, 회사가 제3항에 따라 공지 또는 통지하면서 적용일까지 거부 의사를 표시하지 않으면 동의한 것으로 본다는 뜻을 명확히 알렸음에도 회원이 거부 의사를 표시하지 않은 경우에는 개정 약관에 동의한 것으로 봅니다.</li>
</ol>

<h3>제4조(약관 외 준칙)</h3>
<p>이 약관에서 정하지 않은 사항과 이 약관의 해석에 관하여는 관련 법령 및 일반적인 상관례에 따릅니다.</p>

<h2>제2장 회원가입 및 탈퇴</h2>
<h3>제5조(회원가입)</h3>
<ol>
  <li>이용자는 회사가 정한 가입 양식에 따라 소속(회사명, 부서명), 성명, 아이디(전자우편 주소), 비밀번호를 입력하고 이 약관과 개인정보 처리방침에 동의한 후, 입력한 전자우편으로 발송된 인증 절차를 마침으로써 회원가입을 신청합니다.</li>
  <li>회사는 다음 각 호의 어느 하나에 해당하는 신청에 대하여는 승낙하지 않거나 사후에 회원 자격을 취소할 수 있습니다.
    <ol>
      <li>다른 사람의 명의나 전자우편 주소를 사용하여 신청한 경우</li>
      <li>허위의 정보를 기재하거나 회사가 요구하는 내용을 기재하지 않은 경우</li>
      <li>만 14세 미만인 자가 신청한 경우</li>
      <li>이전에 이 약관에 따라 회원 자격을 상실한 적이 있는 경우(회사의 재가입 승낙을 얻은 경우는 제외)</li>
    </ol>
  </li>
  <li>회원가입 계약은 회원이 전자우편 인증을 마친 때에 성립합니다.</li>
</ol>

<h3>제6조(회원 정보의 변경)</h3>
<ol>
  <li>회원은 회원정보 화면에서 언제든지 자신의 정보를 열람하고 비밀번호를 변경할 수 있습니다.</li>
  <li>성명, 회사명, 부서명, 아이디는 사이트에서 직접 수정할 수 없으며, 변경이 필요한 경우 고객센터에 요청하여야 합니다.</li>
  <li>회원이 변경 사항을 알리지 않아 발생한 불이익에 대하여 회사는 책임지지 않습니다.</li>
</ol>

<h3>제7조(회원 탈퇴 및 자격 상실)</h3>
<ol>
  <li>회원은 언제든지 회원정보 화면의 "회원탈퇴" 기능을 이용하여 탈퇴할 수 있으며, 회사는 즉시 탈퇴를 처리합니다.</li>
  <li>회원이 다음 각 호의 어느 하나에 해당하는 경우 회사는 회원 자격을 제한하거나 정지 또는 상실시킬 수 있습니다.
    <ol>
      <li>가입 신청 시 허위 내용을 등록한 경우</li>
      <li>다른 사람의 서비스 이용을 방해하거나 그 정보를 도용한 경우</li>
      <li>제한 서비스로 얻은 정보를 업무 목적 외로 사용하거나 제3자에게 제공한 경우</li>
      <li>법령 또는 이 약관이 금지하는 행위를 한 경우</li>
    </ol>
  </li>
</ol>

<h2>제3장 서비스의 이용</h2>
<h3>제8조(서비스의 제공)</h3>
<p>회사가 제공하는 서비스는 다음과 같습니다.</p>
<table>
  <thead><tr><th scope="col">서비스</th><th scope="col">이용 대상</th><th scope="col">내용</th></tr></thead>
  <tbody>
    <tr><td>회사·제품 정보</td><td>모든 이용자</td><td>회사 소개, 제품 카탈로그, 투자 정보, 채용 정보, 통합 검색</td></tr>
    <tr><td>자료실 및 기술지원</td><td>모든 이용자</td><td>카탈로그, 회로도, 외형도, 토크표, 소프트웨어 등 기술 자료의 검색과 내려받기</td></tr>
    <tr><td>회원 서비스</td><td>회원</td><td>회원 정보 조회, 비밀번호 변경, 회원 탈퇴</td></tr>
    <tr><td>제한 서비스</td><td>승인된 회원</td><td>ERP·EPS 주문 번호별 제조 사양 조회</td></tr>
  </tbody>
</table>

<h3>제9조(서비스의 변경 및 중단)</h3>
<ol>
  <li>서비스는 연중무휴 1일 24시간 제공함을 원칙으로 합니다.</li>
  <li>회사는 정보통신설비의 보수·점검·교체, 통신 두절 등 운영상 상당한 이유가 있는 경우 서비스의 전부 또는 일부를 일시적으로 중단할 수 있으며, 이 경우 사전에 사이트에 공지합니다. 다만, 부득이한 사유가 있는 경우에는 사후에 공지할 수 있습니다.</li>
  <li>회사는 제품 단종, 자료 개정 등의 사유로 사이트에 게시된 자료를 변경하거나 삭제할 수 있습니다.</li>
</ol>

<h3>제10조(제한 서비스의 이용)</h3>
<ol>
  <li>제한 서비스는 회사 임직원 또는 회사와 거래 관계에 있는 협력사·대리점의 담당자 가운데 회사가 승인한 회원에게만 제공합니다.</li>
  <li>제한 서비스로 열람한 제조 사양 등의 정보는 회사의 영업비밀이며, 회원은 이를 해당 업무 외의 목적으로 사용하거나 복제, 배포 또는 제3자에게 제공하여서는 안 됩니다.</li>
  <li>회사는 거래 관계의 종료, 담당 업무의 변경 등 승인 사유가 없어진 경우 사전 통지 없이 제한 서비스 이용 권한을 회수할 수 있습니다.</li>
</ol>

<h2>제4장 계약 당사자의 의무</h2>
<h3>제11조(회사의 의무)</h3>
<ol>
  <li>회사는 관련 법령과 이 약관이 금지하는 행위를 하지 않으며, 계속적이고 안정적으로 서비스를 제공하기 위하여 노력합니다.</li>
  <li>회사는 이용자의 개인정보를 보호하기 위하여 보안 시스템을 갖추고 개인정보 처리방침을 공개하고 준수합니다.</li>
  <li>회사는 이용자가 제기한 의견이나 불만이 정당하다고 인정하면 지체 없이 처리하고, 처리 과정과 결과를 전자우편 등으로 알립니다.</li>
</ol>

<h3>제12조(아이디 및 비밀번호의 관리)</h3>
<ol>
  <li>아이디와 비밀번호의 관리 책임은 회원에게 있으며, 회원은 이를 제3자가 이용하게 하여서는 안 됩니다.</li>
  <li>회원은 아이디나 비밀번호가 도용되거나 제3자가 사용하고 있음을 안 경우 즉시 비밀번호를 변경하고 회사에 알려야 합니다.</li>
</ol>

<h3>제13조(이용자의 의무)</h3>
<p>이용자는 다음 각 호의 행위를 하여서는 안 됩니다.</p>
<ol>
  <li>신청 또는 변경 시 허위 내용을 등록하는 행위</li>
  <li>다른 사람의 정보를 도용하는 행위</li>
  <li>사이트에 게시된 정보를 회사의 동의 없이 변경하는 행위</li>
  <li>자동화된 수단을 이용하여 사이트의 자료를 대량으로 수집하거나 서버에 과도한 부하를 주는 행위</li>
  <li>회사 또는 제3자의 저작권 등 지식재산권을 침해하는 행위</li>
  <li>악성 프로그램을 유포하거나 정보통신망에 장애를 일으키는 행위</li>
</ol>

<h2>제5장 기타</h2>
<h3>제14조(저작권의 귀속 및 자료의 이용)</h3>
<ol>
  <li>사이트에 게시된 문서, 도면, 사진, 영상, 소프트웨어 등 모든 자료의 저작권과 그 밖의 지식재산권은 회사 또는 정당한 권리자에게 있습니다.</li>
  <li>이용자는 회사 제품의 선정, 설치, 운전 및 유지보수를 위한 목적으로만 자료를 내려받아 이용할 수 있으며, 회사의 사전 서면 동의 없이 이를 영리 목적으로 복제, 배포, 개작하여서는 안 됩니다.</li>
</ol>

<h3>제15조(면책)</h3>
<ol>
  <li>회사는 천재지변 또는 이에 준하는 불가항력으로 서비스를 제공할 수 없는 경우에는 책임이 면제됩니다.</li>
  <li>회사는 이용자의 귀책사유로 인한 서비스 이용 장애에 대하여 책임을 지지 않습니다.</li>
  <li>사이트의 기술 자료는 일반적인 정보 제공을 위한 것이며, 실제 현장 적용 전에는 반드시 회사의 영업 또는 기술 담당자와 사양을 확인하여야 합니다.</li>
</ol>

<h3>제16조(준거법 및 관할법원)</h3>
<ol>
  <li>회사와 이용자 사이의 분쟁에 대하여는 대한민국 법을 적용합니다.</li>
  <li>서비스 이용과 관련하여 소송이 제기되는 경우 「민사소송법」에 따른 관할법원을 전속 관할법원으로 합니다.</li>
</ol>

<h2>부칙</h2>
<p>이 약관은 2024년 1월 1일부터 시행합니다.</p>
`,
  description_en: `
<h2>Chapter 1. General Provisions</h2>
<h3>Article 1 (Purpose)</h3>
<p>These Terms and Conditions set out the rights, obligations and responsibilities of Daehan Actuator Co., Ltd. (the "Company") and its users, and other necessary matters, for the use of the internet services, including product information, technical documents, investor information and member services (the "Services"), provided on the website operated by the Company (the "Site").</p>

<h3>Article 2 (Definitions)</h3>
<p>The terms used in these Terms and Conditions have the following meanings.</p>
<ol>
  <li>"Site" means the website the Company operates to present its company profile, product catalogue, document library, investor information and career information.</li>
  <li>"User" means any member or non-member who visits the Site and uses the Services under these Terms and Conditions.</li>
  <li>"Member" means a person who has agreed to these Terms and Conditions and to the Privacy Policy, applied for membership and completed e-mail verification.</li>
  <li>"Non-member" means a person who uses the public Services without registering as a member.</li>
  <li>"ID" means the e-mail address a member has registered to identify themselves and use the Services.</li>
  <li>"Password" means a combination of 8 to 30 characters chosen by the member to confirm their identity and protect their member information.</li>
  <li>"Restricted Services" means services, such as the lookup of manufacturing specifications (ERP and EPS), provided only to members specifically approved by the Company.</li>
</ol>

<h3>Article 3 (Posting and Amendment of the Terms)</h3>
<ol>
  <li>The Company posts these Terms and Conditions on the "Terms and Conditions" page linked at the bottom of the Site so that users can easily read them.</li>
  <li>The Company may amend these Terms and Conditions to the extent that it does not violate applicable laws, including the Act on the Regulation of Terms and Conditions and the Act on Promotion of Information and Communications Network Utilization and Information Protection.</li>
  <li>When amending, the Company announces the effective date and the reasons on the Site at least 7 days before the effective date. Amendments unfavourable to members are announced at least 30 days in advance and notified individually to the registered e-mail address.</li>
  <li>A member who does not agree to the amended terms may withdraw from membership. If the Company has clearly stated in its notice that silence until the effective date will be taken as consent, and the member does not object by that date, the member is deemed to have agreed to the amended terms.</li>
</ol>

<h3>Article 4 (Matters Not Provided For)</h3>
<p>Matters not provided for in these Terms and Conditions, and their interpretation, are governed by applicable laws and general commercial practice.</p>

<h2>Chapter 2. Membership</h2>
<h3>Article 5 (Registration)</h3>
<ol>
  <li>A user applies for membership by entering their affiliation (company and department), name, ID (e-mail address) and password in the form provided by the Company, agreeing to these Terms and Conditions and the Privacy Policy, and completing the verification sent to that e-mail address.</li>
  <li>The Company may refuse an application, or later cancel the membership, in any of the following cases:
    <ol>
      <li>the application uses another person's name or e-mail address;</li>
      <li>the application contains false information or omits information the Company requires;</li>
      <li>the applicant is under 14 years of age;</li>
      <li>the applicant has previously lost membership under these Terms and Conditions, unless the Company has approved re-registration.</li>
    </ol>
  </li>
  <li>The membership agreement is concluded when the member completes e-mail verification.</li>
</ol>

<h3>Article 6 (Changes to Member Information)</h3>
<ol>
  <li>Members may view their information and change their password at any time on the member information page.</li>
  <li>Name, company, department and ID cannot be edited on the Site; members who need to change them should contact the Customer Center.</li>
  <li>The Company is not responsible for any disadvantage arising from a member's failure to report changes.</li>
</ol>

<h3>Article 7 (Withdrawal and Loss of Membership)</h3>
<ol>
  <li>Members may withdraw at any time with the "Resign" function on the member information page, and the Company processes the withdrawal immediately.</li>
  <li>The Company may restrict, suspend or terminate a membership if the member:
    <ol>
      <li>registered false information when applying;</li>
      <li>interfered with another person's use of the Services or misused their information;</li>
      <li>used information obtained through the Restricted Services for purposes other than their work, or disclosed it to a third party;</li>
      <li>committed any act prohibited by law or by these Terms and Conditions.</li>
    </ol>
  </li>
</ol>

<h2>Chapter 3. Use of the Services</h2>
<h3>Article 8 (Services Provided)</h3>
<p>The Company provides the following Services.</p>
<table>
  <thead><tr><th scope="col">Service</th><th scope="col">Available to</th><th scope="col">Description</th></tr></thead>
  <tbody>
    <tr><td>Company and product information</td><td>All users</td><td>Company profile, product catalogue, investor information, careers, site search</td></tr>
    <tr><td>Document library and support</td><td>All users</td><td>Search and download of catalogues, circuit diagrams, outline drawings, torque tables, software and other technical documents</td></tr>
    <tr><td>Member services</td><td>Members</td><td>Viewing member information, changing the password, withdrawal</td></tr>
    <tr><td>Restricted Services</td><td>Approved members</td><td>Lookup of manufacturing specifications by ERP or EPS order number</td></tr>
  </tbody>
</table>

<h3>Article 9 (Changes to and Suspension of the Services)</h3>
<ol>
  <li>The Services are in principle available 24 hours a day, all year round.</li>
  <li>The Company may temporarily suspend all or part of the Services for maintenance, inspection or replacement of equipment, communication failures or other substantial operational reasons, and will announce this on the Site in advance, or afterwards where prior notice is impossible.</li>
  <li>The Company may change or remove documents posted on the Site when products are discontinued or documents are revised.</li>
</ol>

<h3>Article 10 (Use of the Restricted Services)</h3>
<ol>
  <li>The Restricted Services are provided only to members approved by the Company among its employees and the staff of partners and agencies that do business with it.</li>
  <li>Manufacturing specifications and other information viewed through the Restricted Services are trade secrets of the Company. Members must not use them for purposes other than the work concerned, copy or distribute them, or provide them to third parties.</li>
  <li>The Company may withdraw access to the Restricted Services without prior notice when the reason for approval ceases to exist, for example when a business relationship ends or a member's duties change.</li>
</ol>

<h2>Chapter 4. Obligations of the Parties</h2>
<h3>Article 11 (Obligations of the Company)</h3>
<ol>
  <li>The Company does not engage in any act prohibited by law or by these Terms and Conditions and endeavours to provide the Services continuously and reliably.</li>
  <li>The Company maintains security systems to protect users' personal information, and publishes and complies with its Privacy Policy.</li>
  <li>Where the Company finds an opinion or complaint raised by a user to be justified, it handles it without delay and informs the user of the progress and result by e-mail or other means.</li>
</ol>

<h3>Article 12 (Management of ID and Password)</h3>
<ol>
  <li>Members are responsible for managing their ID and password and must not let any third party use them.</li>
  <li>A member who becomes aware that their ID or password has been stolen or is being used by a third party must change the password immediately and notify the Company.</li>
</ol>

<h3>Article 13 (Obligations of Users)</h3>
<p>Users must not:</p>
<ol>
  <li>register false information when applying or making changes;</li>
  <li>misuse another person's information;</li>
  <li>alter information posted on the Site without the Company's consent;</li>
  <li>collect documents from the Site in bulk by automated means or place an excessive load on its servers;</li>
  <li>infringe the copyright or other intellectual property rights of the Company or any third party;</li>
  <li>distribute malicious software or disrupt information and communications networks.</li>
</ol>

<h2>Chapter 5. Miscellaneous</h2>
<h3>Article 14 (Copyright and Use of Documents)</h3>
<ol>
  <li>Copyright and other intellectual property rights in all documents, drawings, photographs, videos and software posted on the Site belong to the Company or to their lawful owners.</li>
  <li>Users may download and use documents only to select, install, operate and maintain the Company's products, and must not copy, distribute or adapt them for commercial purposes without the Company's prior written consent.</li>
</ol>

<h3>Article 15 (Disclaimer)</h3>
<ol>
  <li>The Company is not liable when it cannot provide the Services because of natural disasters or equivalent force majeure.</li>
  <li>The Company is not liable for any disruption of the Services caused by the user.</li>
  <li>Technical documents on the Site are provided for general information. Before applying them on site, users must confirm the specifications with the Company's sales or engineering staff.</li>
</ol>

<h3>Article 16 (Governing Law and Jurisdiction)</h3>
<ol>
  <li>Disputes between the Company and users are governed by the laws of the Republic of Korea.</li>
  <li>Any lawsuit concerning the use of the Services is subject to the exclusive jurisdiction of the court competent under the Civil Procedure Act of Korea.</li>
</ol>

<h2>Addendum</h2>
<p>These Terms and Conditions take effect on 1 January 2024.</p>
`,
}
